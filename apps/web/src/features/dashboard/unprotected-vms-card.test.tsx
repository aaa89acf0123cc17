import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/http';
import { ROOT, fakeApi, page, renderInApp } from '../../test/resource-kit';
import { unprotectedVm as vm } from '../../test/vms';
import { UnprotectedVmsCard } from './unprotected-vms-card';

afterEach(() => vi.unstubAllGlobals());

describe('the dashboard’s unprotected VMs', () => {
  it('protects every one of them with the default rule in one click', async () => {
    const sent: unknown[] = [];
    const unprotected = [vm('vm-1', 'batch-worker'), vm('vm-2', 'ci-runner'), vm('vm-3', 'staging-web')];
    fakeApi(ROOT, (url, init) => {
      if (url.pathname === '/api/vms') {
        // The card shows the first few; the click asks for all of them.
        const limit = Number(url.searchParams.get('limit'));
        return page(sent.length > 0 ? [] : unprotected.slice(0, limit || undefined));
      }
      if (url.pathname === '/api/snapshot-rules/protect') {
        sent.push(JSON.parse(String(init.body)));
        return json(200, { data: { uuid: 'r-1', policyName: 'Daily snapshots' } });
      }
      return undefined;
    });
    renderInApp(<UnprotectedVmsCard />, '/dashboard');
    fireEvent.click(await screen.findByTestId('dashboard-protect-default'));
    await waitFor(() => expect(sent).toEqual([{ vmUuids: ['vm-1', 'vm-2', 'vm-3'] }]));
    // Asked again, none is left unprotected: the card goes.
    await waitFor(() => expect(screen.queryByTestId('dashboard-unprotected')).toBeNull());
  });
});
