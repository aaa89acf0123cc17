import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../db/database.js';
import { captchas } from '../db/schema/index.js';
import type { Clock } from './clock.js';
import { fail } from './errors.js';

/** A captcha lives five minutes and answers one check, right or wrong. */
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
// Lowercase letters and digits (spec section 5) without the look-alikes (0/o, 1/l/i).
const CHARSET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function createCaptchas(db: Db, clock: Clock) {
  return {
    /** A new captcha: the image (SVG drawn on the server as paths, not text) and its id. */
    async create() {
      const { text, data } = svgCaptcha.create({
        size: 5,
        charPreset: CHARSET,
        noise: 2,
        width: 150,
        height: 50,
      });
      const id = randomBytes(18).toString('base64url');
      // Expired ones go with the expired-rows job (expired-rows.ts), not here: a delete over the
      // whole table on every image made each anonymous request slower than the one before.
      const now = clock.now();
      await db
        .insert(captchas)
        .values({ id, answer: text, expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS) });
      return { id, svg: data };
    },

    /** Use up a captcha: CAPTCHA_NOT_MATCH when unknown, expired, used or answered wrong. */
    async check(id: string, answer: string) {
      const [row] = await db.delete(captchas).where(eq(captchas.id, id)).returning();
      if (!row || row.expiresAt <= clock.now() || row.answer !== answer) throw fail('CAPTCHA_NOT_MATCH');
    },

    /** The answer of a live captcha, for the development-only route browser tests read. */
    async peek(id: string) {
      const [row] = await db.select().from(captchas).where(eq(captchas.id, id));
      return row && row.expiresAt > clock.now() ? row.answer : null;
    },
  };
}
export type Captchas = ReturnType<typeof createCaptchas>;
