// `npm run build`: the web app's production build, whatever NODE_ENV the shell has (scripts/lib.mjs).
import { ensureWebBuild } from './lib.mjs';

ensureWebBuild({ force: true });
