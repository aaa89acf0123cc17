import { PutObjectCommand } from '@aws-sdk/client-s3';
import { DEFAULT_LANGUAGE, type Language } from '@portal/shared';
import type { Db } from '../../db/database.js';
import { bucketLifecycleRules, buckets, bucketUsageSamples } from '../../db/schema/index.js';
import type { BucketBackend } from '../../storage/buckets/bucket-backend.js';
import { s3BucketName } from '../../storage/buckets/bucket-names.js';
import { measureBucket } from './bucket/bucket-measure.js';
import { ruleSpec } from './lifecycle/lifecycle-rules.js';

const DAY = 86_400_000;

interface DemoObject {
  key: string;
  body: string | Buffer;
  type: string;
}

const lines = (count: number, line: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => line(i)).join('\n');

/** A text of about `kb` kilobytes, so sizes in the list read like real files. */
const filler = (kb: number, seed: string) =>
  Buffer.from(lines(kb * 16, (i) => `${seed} ${String(i).padStart(6, '0')} ${'·'.repeat(40)}`));

/** The files' words in the demo customer's language: its website and its backups' README. */
const WORDS = {
  'zh-TW': {
    lang: 'zh-Hant-TW',
    company: '艾克米貿易',
    tagline: '自 1988 年起提供優質零件。',
    readme: '每晚的資料庫備份檔（db/）與應用程式日誌（logs/，保留 30 天）。',
  },
  en: {
    lang: 'en',
    company: 'Acme Trading',
    tagline: 'Quality parts since 1988.',
    readme: 'Nightly database dumps (db/) and application logs (logs/, kept 30 days).',
  },
} satisfies Record<Language, Record<string, string>>;

const website = ({ lang, company, tagline }: (typeof WORDS)[Language]): DemoObject[] => [
  {
    key: 'index.html',
    type: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${company}</title><link rel="stylesheet" href="css/site.css"></head><body><h1>${company}</h1><p>${tagline}</p><img src="images/logo.svg" alt="Acme"></body></html>\n`,
  },
  {
    key: 'css/site.css',
    type: 'text/css',
    body: 'body{font-family:sans-serif;margin:2rem;color:#1d2733}h1{color:#0b5cab}\n',
  },
  {
    key: 'images/logo.svg',
    type: 'image/svg+xml',
    body: '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" rx="6" fill="#0b5cab"/><text x="60" y="26" fill="#fff" font-size="16" text-anchor="middle" font-family="sans-serif">ACME</text></svg>\n',
  },
  { key: 'downloads/catalogue-2026.txt', type: 'text/plain', body: filler(60, 'catalogue') },
];

const backups = ({ readme }: (typeof WORDS)[Language]): DemoObject[] => [
  ...['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'].map((day, i) => ({
    key: `db/orders-${day}.sql`,
    type: 'application/sql',
    body: filler(80 + i * 10, `INSERT INTO orders VALUES -- ${day}`),
  })),
  ...['2026-11-23', '2026-11-24', '2026-11-25'].map((day) => ({
    key: `logs/app-${day}.log`,
    type: 'text/plain',
    body: filler(30, `${day}T08:00:00Z INFO request served`),
  })),
  {
    key: 'README.txt',
    type: 'text/plain',
    body: `${readme}\n`,
  },
];

/**
 * The demo customer's buckets on a first start: a public website bucket and a private backups
 * bucket whose logs expire after 30 days (told to the service where it keeps lifecycle), with real
 * objects on the S3 service, measured as the usage job would, and a month of daily usage history
 * leading up to today's measure. The files a person reads (the website, the README) are in
 * `language`.
 */
export async function seedDemoBuckets(
  db: Db,
  clientId: string,
  backend: BucketBackend,
  language: Language = DEFAULT_LANGUAGE,
  now = new Date(),
) {
  const made: { id: string; s3Name: string }[] = [];
  const words = WORDS[language];
  for (const [name, isPublic, objects, ageDays] of [
    ['acme-website', true, website(words), 60],
    ['acme-backups', false, backups(words), 30],
  ] as const) {
    const s3Name = s3BucketName(clientId, name);
    const [row] = await db
      .insert(buckets)
      .values({ clientId, name, s3Name, isPublic, createdAt: new Date(now.getTime() - ageDays * DAY) })
      .returning({ id: buckets.id });
    await backend.createBucket(s3Name).catch(() => undefined); // kept from an earlier run of this data folder
    if (isPublic) await backend.setPublic(s3Name, true);
    for (const object of objects) {
      await backend.client.send(
        new PutObjectCommand({
          Bucket: s3Name,
          Key: object.key,
          Body: object.body,
          ContentType: object.type,
        }),
      );
    }
    made.push({ id: row!.id, s3Name });
  }
  const [expiry] = await db
    .insert(bucketLifecycleRules)
    .values({ clientId, bucketId: made[1]!.id, prefix: 'logs/', expirationDays: 30, enabled: true })
    .returning();
  // A service that keeps lifecycle itself is told, as a rule made on the page tells it.
  if (backend.lifecycle === 'service') await backend.putLifecycle(made[1]!.s3Name, [ruleSpec(expiry!)]);
  for (const bucket of made) {
    const today = await measureBucket(db, backend, bucket, now);
    // The month before: the bucket grew to today's size about evenly.
    const history = Array.from({ length: 30 }, (_, i) => {
      const share = (i + 1) / 31;
      return {
        bucketId: bucket.id,
        at: new Date(now.getTime() - (30 - i) * DAY),
        sizeBytes: Math.round(today.sizeBytes * share),
        objectCount: Math.max(1, Math.round(today.objectCount * share)),
      };
    });
    await db.insert(bucketUsageSamples).values(history);
  }
}
