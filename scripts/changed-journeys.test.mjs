import { describe, expect, it } from 'vitest';
import { FEATURE_JOURNEYS, JOURNEYS, journeysFor } from './changed-journeys.mjs';

describe('the journeys a change calls for', () => {
  it('knows every journey it names', () => {
    expect(JOURNEYS).toContain('compute');
    const named = Object.values(FEATURE_JOURNEYS).flat();
    expect(named.filter((journey) => !JOURNEYS.includes(journey))).toEqual([]);
  });

  it('runs a feature’s journeys for a change to its page or its module', () => {
    expect(journeysFor(['apps/web/src/features/firewall/firewall-form.tsx'])).toEqual([
      'firewall',
      'networks',
    ]);
    expect(journeysFor(['apps/api/src/modules/network/firewall/firewall-resource.ts'])).toEqual([
      'firewall',
      'networks',
    ]);
    expect(journeysFor(['apps/api/src/modules/tickets/routes.ts'])).toEqual(['tickets']);
    expect(journeysFor(['apps/web/src/features/bucket/objects/object-paths.ts'])).toEqual(['buckets']);
    expect(journeysFor(['packages/shared/src/enums/vm.ts'])).toEqual(['compute', 'vm-console']);
    expect(journeysFor(['e2e/orders.spec.ts', 'apps/web/src/features/ccx/ccx-page.tsx'])).toEqual([
      'ccx',
      'orders',
    ]);
  });

  it('runs every journey for a shared part, and none for docs or unit tests', () => {
    expect(journeysFor(['apps/web/src/components/resource-kit/resource-list.tsx'])).toBe('all');
    expect(journeysFor(['apps/api/src/platform/jobs/jobs.ts'])).toBe('all');
    expect(journeysFor(['e2e/support/portal.ts'])).toBe('all');
    expect(journeysFor(['docs/performance.md', 'apps/api/src/modules/iam/iam.test.ts'])).toEqual([]);
  });

  it('runs none for the journey on libvirt, which runs by its own config', () => {
    expect(JOURNEYS).not.toContain('libvirt');
    expect(
      journeysFor(['e2e/libvirt.spec.ts', 'e2e/support/libvirt.ts', 'e2e/playwright.libvirt.config.ts']),
    ).toEqual([]);
    expect(journeysFor(['e2e/support/portal-process.ts'])).toBe('all');
  });

  it('runs none for the API client or the CLI', () => {
    expect(journeysFor(['packages/cli/src/commands/vm.ts', 'packages/client/src/index.ts'])).toEqual([]);
  });
});
