// @20minutes/s3rver ships no types; this is the part the embedded store uses.
declare module '@20minutes/s3rver' {
  interface S3rverOptions {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string; configs: unknown[] }[];
    /** Read a bucket from the Host header (virtual-host style); the gate turns it off. */
    vhostBuckets?: boolean;
  }
  export interface KoaContext {
    method: string;
    headers: Record<string, string | string[] | undefined>;
    query: Record<string, unknown>;
    status: number;
    body: unknown;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware list (s3rver is a Koa app), composed when the server starts. */
    middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
    /** Where objects are kept as files (stores/filesystem.js; its part we use: embedded-paths.ts). */
    store: object;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}

// s3rver's account registry, shared by every s3rver in the process: the key pairs it accepts.
declare module '@20minutes/s3rver/lib/models/account.js' {
  interface AWSAccount {
    createKeyPair(accessKeyId: string, secretAccessKey: string): void;
    revokeAccessKey(accessKeyId: string): void;
  }
  const accounts: { DUMMY_ACCOUNT: AWSAccount };
  export default accounts;
}

// s3rver's error, answered as S3's XML with its status.
declare module '@20minutes/s3rver/lib/models/error.js' {
  export default class S3Error extends Error {
    constructor(code: string, message: string, detail?: Record<string, unknown>);
    code: string;
    status: number;
    expose: boolean;
  }
}
