import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own ESLint configuration on small files that exist only in these tests: what
// `npm run lint` would say about them, run from the root and from folders deep inside.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['.', 'apps/web', 'apps/api/src/modules/compute', 'packages/shared/src'];

/** The rule's messages on `code` as the file `file`, with ESLint started in `cwd` (as `npx eslint` there). */
async function problems(file, code, cwd = '.') {
  const started = process.cwd();
  process.chdir(path.join(ROOT, cwd));
  try {
    const eslint = new ESLint();
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
    return result.messages.filter((m) => m.ruleId === 'local/feature-borders').map((m) => m.message);
  } finally {
    process.chdir(started);
  }
}

const REFUSED = [
  {
    file: 'apps/web/src/features/vm/vm-page.tsx',
    code: "import { useDisks } from '../disk/disk-queries';",
    message: 'Feature "vm" must not import from feature "disk"; move shared code out.',
  },
  {
    file: 'apps/api/src/modules/compute/routes.ts',
    code: "export { createStaff } from '../registration/ops-service.js';",
    message: 'Feature "compute" must not import from feature "registration"; move shared code out.',
  },
  {
    file: 'packages/shared/src/rules/vm.ts',
    code: "import type { App } from '../../../../apps/api/src/app.js';",
    message: 'packages/shared must not import from apps.',
  },
  {
    file: 'packages/shared/src/index.ts',
    code: "export * from '@portal/web/src/lib/i18n/i18n';",
    message: 'packages/shared must not import from @portal/web.',
  },
  {
    file: 'apps/api/src/platform/audit.ts',
    code: "const m = await import('../modules/iam/service.js');",
    message: 'apps/api/src/platform must not import from apps/api/src/modules.',
  },
  {
    file: 'apps/api/src/platform/resources/tag-routes.ts',
    code: "import { computeRoutes } from '../../modules/compute/routes.js';",
    message: 'apps/api/src/platform must not import from apps/api/src/modules.',
  },
  {
    file: 'apps/web/src/lib/api/api-client.ts',
    code: "import { login } from '../../features/auth/login-page';",
    message: 'apps/web/src/lib must not import from apps/web/src/features.',
  },
  {
    file: 'apps/web/src/components/resource-kit/resource-list.tsx',
    code: "import { VmPage } from '../../features/vm/vm-page';",
    message: 'apps/web/src/components must not import from apps/web/src/features.',
  },
];

const ALLOWED = [
  { file: 'apps/web/src/features/vm/vm-page.tsx', code: "import { A } from './vm-form';" },
  {
    file: 'apps/web/src/features/vm/vm-page.tsx',
    code: "import { ResourceTable } from '../../components/resource-table/resource-table';",
  },
  { file: 'apps/web/src/app/router.tsx', code: "import { VmPage } from '../features/vm/vm-page';" },
  {
    file: 'apps/api/src/modules/compute/routes.ts',
    code: "import { signedIn } from '../../platform/authority-guard.js';",
  },
  { file: 'apps/api/src/app.ts', code: "import { opsRoutes } from './modules/registration/ops-routes.js';" },
  // The list of modules composes them, as app.ts does.
  {
    file: 'apps/api/src/modules/index.ts',
    code: "import { computeModule } from './compute/compute-module.js';",
  },
  { file: 'apps/api/src/platform/audit.ts', code: "import { auditLog } from '../db/schema/index.js';" },
  { file: 'packages/shared/src/index.ts', code: "export * from './rules/vm.js';" },
  { file: 'packages/shared/src/index.ts', code: "import { z } from 'zod';" },
  { file: 'apps/web/src/components/form/field.tsx', code: "import { api } from '../../lib/api/api-client';" },
];

describe('the feature-border lint rule', () => {
  describe.each(FOLDERS)('run from %s', (cwd) => {
    it.each(REFUSED)('refuses $code in $file', async ({ file, code, message }) => {
      expect(await problems(file, code, cwd)).toEqual([message]);
    });
  });

  it.each(ALLOWED)('allows $code in $file', async ({ file, code }) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
