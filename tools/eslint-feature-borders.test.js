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
  {
    file: 'apps/web/src/features/vm/vm-page.tsx',
    code: "import type { App } from '../../../../api/src/app.js';",
    message: 'apps/web must not import from apps/api.',
  },
  {
    file: 'apps/web/src/lib/api/api-client.ts',
    code: "import type { App } from '@portal/api/src/app';",
    message: 'apps/web must not import from @portal/api.',
  },
  {
    file: 'apps/web/vite.config.ts',
    code: "import { loadConfig } from '../api/src/config.js';",
    message: 'apps/web must not import from apps/api.',
  },
  {
    file: 'apps/api/src/db/database.ts',
    code: "import { installJobSchema } from '../platform/jobs/jobs.js';",
    message: 'apps/api/src/db must not import from apps/api/src/platform.',
  },
  {
    file: 'apps/api/src/db/schema/compute.ts',
    code: "export { insertFleet } from '../../modules/compute/fleet.js';",
    message: 'apps/api/src/db must not import from apps/api/src/modules.',
  },
  {
    file: 'apps/web/src/features/firewall/index.ts',
    code: "export { useVpcs } from '../vpc';",
    message: 'The index of feature "firewall" offers its own pieces only, not those of feature "vpc".',
  },
  {
    file: 'apps/api/src/modules/products/index.ts',
    code: "export * from '../compute/index.js';",
    message: 'The index of feature "products" offers its own pieces only, not those of feature "compute".',
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
  // A feature's index: the domain pieces it offers the others.
  {
    file: 'apps/web/src/features/vm/vm-security-tab.tsx',
    code: "import { FirewallStatusChip } from '../firewall';",
  },
  {
    file: 'apps/web/src/features/disk/disk-dialogs.tsx',
    code: "import { useVmChoices } from '../vm/index';",
  },
  {
    file: 'apps/web/src/features/vm/vm-monitor-tab.tsx',
    code: "const m = await import('../metrics/index.ts');",
  },
  {
    file: 'apps/web/src/features/metrics/index.ts',
    code: "export { VmMetricsPanel } from './vm-metrics-panel';",
  },
  {
    file: 'apps/api/src/modules/network/ccx/ccx-repository.ts',
    code: "import { priceInPlace } from '../../products/index.js';",
  },
  { file: 'apps/api/src/db/schema/index.ts', code: "export * from './compute.js';" },
  { file: 'apps/api/src/platform/migrate.ts', code: "import type { Database } from '../db/database.js';" },
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
