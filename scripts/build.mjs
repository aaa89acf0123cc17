// `npm run build`: the API client's generated types (packages/client), then the web app's
// production build, whatever NODE_ENV the shell has (scripts/lib.mjs).
import { ensureClient } from '../packages/client/scripts/ensure.mjs';
import { ensureWebBuild } from './lib.mjs';

ensureClient();
ensureWebBuild({ force: true });
