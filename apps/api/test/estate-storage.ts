import { HeadBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { Bucket, BucketKey, LifecycleRule } from '@portal/shared';
import { s3BucketName } from '../src/storage/buckets/bucket-names.js';
import type { TestApp } from './build.js';
import {
  confirmed,
  declared,
  deletion,
  differs,
  portalOnly,
  type Kind,
  type Step,
  type TenantApi,
} from './estate-walk.js';

/** A lifecycle rule with the bucket it is of (its routes name both). */
export type BucketRule = LifecycleRule & { bucket: string };

/** The kinds of the storage estate: buckets with their objects, their lifecycle rules, keys. */
export function storageKinds(t: TestApp, api: TenantApi, clientId: string) {
  const s3 = () => t.app.buckets.client;
  const s3Name = (name: string) => s3BucketName(clientId, name);
  /** Every key of the bucket, straight from the S3 service. */
  const keysOf = async (name: string) => {
    const page = await s3().send(new ListObjectsV2Command({ Bucket: s3Name(name) }));
    return (page.Contents ?? []).map((o) => o.Key!).sort();
  };
  const exists = (name: string) =>
    s3()
      .send(new HeadBucketCommand({ Bucket: s3Name(name) }))
      .then(
        () => true,
        () => false,
      );
  /** A file the seed put there (none of the walk's own), or why there is none. */
  const seededFile = async (name: string, nth = 0) => {
    const files = (await keysOf(name)).filter((k) => !k.endsWith('/') && !/^(walk|copies)\//.test(k));
    return files[nth];
  };
  /** A step on one of the bucket's objects. */
  const onObject = (
    route: string,
    what: string,
    nth: number,
    body: (key: string) => Record<string, unknown>,
    effect: (keys: string[], key: string) => string[],
  ): Step<Bucket> => {
    let key = '';
    return {
      route,
      what,
      cloud: false,
      async plan(b) {
        const found = await seededFile(b.name, nth);
        if (!found) return { skip: 'no seeded object left' };
        key = found;
        return { method: 'POST', url: route.replace(/^POST /, '').replace(':name', b.name), body: body(key) };
      },
      effect: async (b) => effect(await keysOf(b.name), key),
    };
  };
  const has = (keys: string[], key: string) => (keys.includes(key) ? [] : [`${key} is not on S3`]);
  const hasNot = (keys: string[], key: string) => (keys.includes(key) ? [`${key} is still on S3`] : []);
  const lastPart = (key: string) => key.split('/').at(-1)!;
  const folderOf = (key: string) => key.slice(0, key.length - lastPart(key).length);

  const bucket: Kind<Bucket> = {
    ...declared<Bucket>(api, 'buckets', (b) => b.name),
    state: () => 'kept',
    failed: () => false,
    async cloud(b) {
      return (await exists(b.name))
        ? differs('S3 name', s3Name(b.name), b.s3Name)
        : ['S3 has no such bucket'];
    },
    gone: async (name) => ((await exists(name)) ? ['S3 still has the bucket'] : []),
    steps: [
      {
        route: 'PATCH /api/buckets/:name',
        what: 'public or private the other way',
        cloud: false,
        plan: (b) => ({ method: 'PATCH', url: `/api/buckets/${b.name}`, body: { isPublic: !b.isPublic } }),
        effect: (b, after) => differs('public', !b.isPublic, after?.isPublic),
      },
      {
        route: 'POST /api/buckets/:name/lifecycle-rules',
        what: 'one more lifecycle rule',
        cloud: false,
        plan: (b) => ({
          method: 'POST',
          url: `/api/buckets/${b.name}/lifecycle-rules`,
          body: { prefix: 'tmp/', expirationDays: 7 },
        }),
        async effect(b) {
          const rules = await api.records<LifecycleRule>(`/api/buckets/${b.name}/lifecycle-rules`);
          return rules.some((r) => r.prefix === 'tmp/') ? [] : ['the rule is not there'];
        },
      },
      {
        route: 'POST /api/buckets/:name/folders',
        what: 'a new folder',
        cloud: false,
        plan: (b) => ({
          method: 'POST',
          url: `/api/buckets/${b.name}/folders`,
          body: { prefix: '', name: 'walk' },
        }),
        effect: async (b) => has(await keysOf(b.name), 'walk/'),
      },
      {
        route: 'PUT /api/buckets/:name/objects',
        what: 'upload a file',
        cloud: false,
        plan: (b) => ({
          method: 'PUT',
          url: `/api/buckets/${b.name}/objects?key=${encodeURIComponent('walk/hello.txt')}`,
          raw: 'hello',
        }),
        effect: async (b) => has(await keysOf(b.name), 'walk/hello.txt'),
      },
      onObject(
        'POST /api/buckets/:name/objects/rename',
        'rename a seeded file',
        0,
        (key) => ({ key, newName: `renamed-${lastPart(key)}` }),
        (keys, key) => [...has(keys, `${folderOf(key)}renamed-${lastPart(key)}`), ...hasNot(keys, key)],
      ),
      onObject(
        'POST /api/buckets/:name/objects/transfer',
        'copy a seeded file to a folder',
        1,
        (key) => ({ keys: [key], destination: 'copies/', mode: 'copy' }),
        (keys, key) => [...has(keys, `copies/${lastPart(key)}`), ...has(keys, key)],
      ),
      onObject(
        'POST /api/buckets/:name/objects/presign',
        'a link to a seeded file',
        1,
        (key) => ({ key, expiresMinutes: 10 }),
        () => [],
      ),
      onObject(
        'POST /api/buckets/:name/objects/delete',
        'delete a seeded file',
        2,
        (key) => ({ keys: [key] }),
        hasNot,
      ),
      {
        route: 'POST /api/bucket-keys',
        what: 'a key to this bucket',
        cloud: false,
        plan: (b) => ({
          method: 'POST',
          url: '/api/bucket-keys',
          body: { name: `${b.name}-key`, bucketName: b.name },
        }),
        async effect(b) {
          const keys = await api.records<BucketKey>('/api/bucket-keys?limit=0');
          return keys.some((k) => k.bucketName === b.name) ? [] : ['no key reaches it'];
        },
      },
      {
        route: 'POST /api/buckets/:name/empty',
        what: 'empty it',
        cloud: false,
        plan: (b) => ({ method: 'POST', url: `/api/buckets/${b.name}/empty`, body: confirmed() }),
        effect: async (b) => differs('objects on S3', [], await keysOf(b.name)),
      },
    ],
    remove: deletion('DELETE /api/buckets/:name', (b) => `/api/buckets/${b.name}`, { cloud: false }),
  };

  const rulesOf = async (name: string) =>
    (await api.records<LifecycleRule>(`/api/buckets/${name}/lifecycle-rules`)).map((r) => ({
      ...r,
      bucket: name,
    }));
  const lifecycleRule: Kind<BucketRule> = {
    type: 'lifecycle-rules',
    async list() {
      const names = (await bucket.list()).map((b) => b.name);
      return (await Promise.all(names.map(rulesOf))).flat();
    },
    id: (r) => `${r.bucket}/${r.id}`,
    async get(path) {
      const [name, id] = path.split('/') as [string, string];
      return (await rulesOf(name)).find((r) => r.id === id);
    },
    // The embedded S3 server keeps no lifecycle: the portal's job expires by these rules.
    ...portalOnly,
    steps: [
      {
        route: 'PATCH /api/buckets/:name/lifecycle-rules/:id',
        what: 'a day longer',
        cloud: false,
        plan: (r) => ({
          method: 'PATCH',
          url: `/api/buckets/${r.bucket}/lifecycle-rules/${r.id}`,
          body: { prefix: r.prefix, expirationDays: r.expirationDays + 1, enabled: r.enabled },
        }),
        effect: (r, after) => differs('days', r.expirationDays + 1, after?.expirationDays),
      },
    ],
    remove: deletion(
      'DELETE /api/buckets/:name/lifecycle-rules/:id',
      (r) => `/api/buckets/${r.bucket}/lifecycle-rules/${r.id}`,
      { cloud: false, password: false },
    ),
  };

  const key: Kind<BucketKey> = {
    type: 'bucket-keys',
    list: () => api.records<BucketKey>('/api/bucket-keys?limit=0'),
    id: (k) => k.id,
    get: async (id) => (await api.records<BucketKey>('/api/bucket-keys?limit=0')).find((k) => k.id === id),
    // The embedded S3 server's gate holds the key; nothing the test could read.
    ...portalOnly,
    steps: [],
    remove: deletion('DELETE /api/bucket-keys/:id', (k) => `/api/bucket-keys/${k.id}`, { cloud: false }),
  };

  return { bucket, lifecycleRule, key };
}
