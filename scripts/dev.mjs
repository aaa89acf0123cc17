// `npm run dev`: the API with reload on change and the Vite dev server (proxying /api) side by side.
import { ensureDependencies, runAsync } from './lib.mjs';

ensureDependencies();
const codes = await Promise.all([
  runAsync('npx', ['tsx', 'watch', 'apps/api/src/main.ts']),
  runAsync('npm', ['run', 'dev', '-w', 'apps/web']),
]);
process.exit(Math.max(...codes));
