import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { notFound } from './errors.js';

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (a dual-stack socket's form). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return address === '::1' || /^127(\.\d{1,3}){3}$/.test(v4);
}

/** Headers a reverse proxy adds: with one in front, a loopback socket says nothing of the caller. */
const FORWARDED = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * onRequest hook of the development-only routes (the outbox, captcha answers): they answer a
 * caller on this machine, connected straight to the server, and are a 404 to anyone else. The
 * socket's address is what counts, not request.ip, which TRUST_PROXY lets a header choose.
 */
export async function thisMachineOnly(request: FastifyRequest): Promise<void> {
  const direct = FORWARDED.every((name) => request.headers[name] === undefined);
  if (!direct || !isLoopbackAddress(request.socket.remoteAddress)) throw notFound();
}

const LOOPBACK_HOSTS = new Set(['localhost', '::1', '[::1]']);

/**
 * The warning to print when a development server listens where other machines reach it: the demo
 * users with their published password, codes and links in the log, settings meant for tests.
 */
export function exposureWarning(config: Pick<Config, 'env' | 'host'>): string | null {
  if (config.env === 'production') return null;
  if (LOOPBACK_HOSTS.has(config.host) || isLoopbackAddress(config.host)) return null;
  return (
    `HOST=${config.host} lets other machines reach this server, which runs with NODE_ENV=${config.env}: ` +
    'development conveniences are on (the demo users and their published password, mail with codes ' +
    'and links in the log). Set NODE_ENV=production for a server that others use, or keep HOST=127.0.0.1.'
  );
}
