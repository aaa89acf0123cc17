import type { Api } from './api.js';
import { json, type Io, type OutputFormat } from './output.js';
import type { Text } from './text.js';

/** What a command runs with. */
export interface Context {
  env: NodeJS.ProcessEnv;
  text: Text;
  io: Io;
  output: OutputFormat;
  /** The API signed in with the saved key (or PORTAL_URL / PORTAL_KEY). */
  api(): Promise<Api>;
  /** The API at `url` with `key` (login checks a key before saving it). */
  connect(settings: { url: string; key: string }): Api;
  /** --wait polls this often. */
  pollMs: number;
  sleep(ms: number): Promise<void>;
  now(): number;
}

/** The answer: the API's data as JSON with --output json, else the lines `table` makes of it. */
export function show(ctx: Context, data: unknown, table: () => string[]): void {
  for (const line of ctx.output === 'json' ? json(data) : table()) ctx.io.out(line);
}
