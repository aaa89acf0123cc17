// `npm start`: works right after `git clone`. Installs what is missing, builds the web app when its
// production build is missing, stale or was made in another mode, then runs the API, which serves
// the web app on the same port.
import { ROOT, ensureDependencies, ensureWebBuild, runAsync } from './lib.mjs';

ensureDependencies();
ensureWebBuild();
const code = await runAsync(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], { cwd: ROOT });
process.exit(code);
