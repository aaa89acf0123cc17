import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { call, rawCall, type Api } from '../api.js';
import { usageError, type Command, type Group } from '../command.js';
import { show, type Context } from '../context.js';
import { table } from '../output.js';

/** An object of a bucket, as `cp` takes it: `<bucket>:<key>`. */
interface Remote {
  bucket: string;
  key: string;
}

const BUCKET_NAME = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;

/** `<bucket>:<key>` as a remote object, or null for a local path. */
export function parseRemote(target: string): Remote | null {
  const at = target.indexOf(':');
  if (at < 0) return null;
  const bucket = target.slice(0, at);
  return BUCKET_NAME.test(bucket) ? { bucket, key: target.slice(at + 1) } : null;
}

/** What `ls` names: a bucket and a prefix in it, `<bucket>[/<prefix>]` or `<bucket>:<prefix>`. */
export function parseLocation(target: string): Remote {
  const remote = parseRemote(target);
  if (remote) return remote;
  const at = target.indexOf('/');
  return at < 0 ? { bucket: target, key: '' } : { bucket: target.slice(0, at), key: target.slice(at + 1) };
}

async function listBuckets(ctx: Context, api: Api) {
  const query = { limit: 0, page: 0 };
  const { data } = await call(ctx.text, api, api.client.GET('/api/buckets', { params: { query } }));
  const { t } = ctx.text;
  show(ctx, data, () =>
    table(
      [t('col.name'), t('col.objects'), t('col.bytes'), t('col.public'), t('col.created')],
      data.records.map((b) => [
        b.name,
        b.objectCount,
        b.sizeBytes,
        t(b.isPublic ? 'yes' : 'no'),
        b.createdAt,
      ]),
    ),
  );
}

/** One folder level of a bucket, every page of it. */
async function listObjects(ctx: Context, api: Api, { bucket, key }: Remote) {
  const prefix = key && !key.endsWith('/') ? `${key}/` : key;
  const entries: { key: string; size: number | null; lastModified: string | null }[] = [];
  let cursor: string | undefined;
  do {
    const query = { prefix, ...(cursor ? { cursor } : {}) };
    const params = { path: { name: bucket }, query };
    const { data } = await call(ctx.text, api, api.client.GET('/api/buckets/{name}/objects', { params }));
    entries.push(...data.entries);
    cursor = data.nextCursor ?? undefined;
  } while (cursor);
  const { t } = ctx.text;
  show(ctx, { prefix, entries }, () =>
    table(
      [t('col.key'), t('col.bytes'), t('col.modified')],
      entries.map((e) => [e.key, e.size, e.lastModified]),
    ),
  );
}

const ls: Command = {
  usage: '[<bucket>[/<prefix>]]',
  summary: 'help.bucket.ls',
  args: [0, 1],
  async run(ctx, [target]) {
    const api = await ctx.api();
    if (target) await listObjects(ctx, api, parseLocation(target));
    else await listBuckets(ctx, api);
  },
};

async function upload(ctx: Context, api: Api, file: string, to: Remote) {
  const size = await stat(file).then(
    (s) => s.size,
    () => {
      throw usageError(ctx, 'usage.noFile', { file });
    },
  );
  const key = !to.key || to.key.endsWith('/') ? `${to.key}${path.basename(file)}` : to.key;
  const query = new URLSearchParams({ key });
  const response = await rawCall(ctx.text, api, () =>
    api.raw('PUT', `/api/buckets/${encodeURIComponent(to.bucket)}/objects?${query}`, {
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(size) },
      body: Readable.toWeb(createReadStream(file)) as ReadableStream,
      duplex: 'half',
    } as RequestInit),
  );
  const { data } = (await response.json()) as { data: { key: string; size: number | null } };
  show(ctx, data, () => [
    ctx.text.t('bucket.uploaded', { bucket: to.bucket, key: data.key, bytes: data.size ?? size }),
  ]);
}

async function download(ctx: Context, api: Api, from: Remote, target: string) {
  const isDirectory = await stat(target).then(
    (s) => s.isDirectory(),
    () => false,
  );
  const file =
    isDirectory || target.endsWith('/') ? path.join(target, path.posix.basename(from.key)) : target;
  const query = new URLSearchParams({ key: from.key });
  const response = await rawCall(ctx.text, api, () =>
    api.raw('GET', `/api/buckets/${encodeURIComponent(from.bucket)}/objects/download?${query}`),
  );
  await pipeline(Readable.fromWeb(response.body as never), createWriteStream(file));
  const bytes = (await stat(file)).size;
  show(ctx, { bucket: from.bucket, key: from.key, file, size: bytes }, () => [
    ctx.text.t('bucket.downloaded', { bucket: from.bucket, key: from.key, file, bytes }),
  ]);
}

const cp: Command = {
  usage: '<source> <target>',
  summary: 'help.bucket.cp',
  args: 2,
  async run(ctx, [source, target]) {
    const from = parseRemote(source!);
    const to = parseRemote(target!);
    if (Boolean(from) === Boolean(to)) throw usageError(ctx, 'usage.cpOneRemote');
    const api = await ctx.api();
    if (to) await upload(ctx, api, source!, to);
    else await download(ctx, api, from!, target!);
  },
};

export const bucket: Group = { commands: { ls, cp } };
