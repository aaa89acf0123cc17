// The vitest projects whose tests use the typed client (api, cli) generate it first when stale, so
// `npx vitest run --project api ...` works on a fresh clone too.
import { ensureClient } from './ensure.mjs';

export default function setup() {
  ensureClient();
}
