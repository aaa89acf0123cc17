import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotRule } from '@portal/shared';
import { ResourceList } from '../../components/resource-kit/resource-list';
import { ROOT, fakeApi, page, renderInApp } from '../../test/resource-kit';
import { snapshotRuleResource } from './snapshot-rule-resource';

afterEach(() => vi.unstubAllGlobals());

const rule = (uuid: string, policyName: string, isDefault: boolean): SnapshotRule => ({
  uuid,
  policyName,
  vmUuids: [],
  vms: [],
  policyCycle: 1,
  weekday: null,
  retainedQuantity: 7,
  isDefault,
  nextRunAt: '2027-01-05T18:00:00.000Z',
  lastRunAt: null,
  createDate: '2027-01-01T00:00:00.000Z',
});

describe('the snapshot rule list', () => {
  it('marks the default rule, the one one-click protection adds to', async () => {
    fakeApi(ROOT, (url) =>
      url.pathname === '/api/snapshot-rules'
        ? page([rule('r-1', 'Daily snapshots', true), rule('r-2', 'weekly-web', false)])
        : undefined,
    );
    renderInApp(<ResourceList def={snapshotRuleResource} />, '/snapshotRule');
    expect((await screen.findByTestId('snapshotRule-default-r-1')).textContent).toBe('Default');
    expect(screen.getByTestId('snapshotRule-link-r-2')).toBeTruthy();
    expect(screen.queryByTestId('snapshotRule-default-r-2')).toBeNull();
  });
});
