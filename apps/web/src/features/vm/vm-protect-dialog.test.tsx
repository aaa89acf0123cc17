import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotRule, Vm } from '@portal/shared';
import { json } from '../../test/http';
import { ROOT, fakeApi, page, renderInApp } from '../../test/resource-kit';
import { toastStore } from '../../lib/toast/toast-store';
import { VmProtectDialog } from './vm-protect-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  toastStore.set([]);
});

const vm = (uuid: string, name: string) => ({ uuid, name, snapshotRuleUuid: null }) as Vm;
const VMS = [vm('v-1', 'web-01'), vm('v-2', 'web-02')];

const rule = (over: Partial<SnapshotRule>): SnapshotRule => ({
  uuid: 'r-1',
  policyName: 'nightly',
  vmUuids: [],
  vms: [],
  policyCycle: 1,
  weekday: null,
  retainedQuantity: 7,
  isDefault: false,
  nextRunAt: '2027-01-05T18:00:00.000Z',
  lastRunAt: null,
  createDate: '2027-01-01T00:00:00.000Z',
  ...over,
});

/** The API with these rules; a one-click protection answers with `answer` and is recorded. */
function setup(
  rules: SnapshotRule[],
  answer = () => json(200, { data: rule({ policyName: 'Daily snapshots', isDefault: true }) }),
) {
  const protects: unknown[] = [];
  fakeApi(ROOT, (url, init) => {
    if (url.pathname === '/api/snapshot-rules' && init.method === 'GET') return page(rules);
    if (url.pathname === '/api/snapshot-rules/protect' && init.method === 'POST') {
      protects.push(JSON.parse(String(init.body)));
      return answer();
    }
    return undefined;
  });
  const props = { onSubmit: vi.fn(() => Promise.resolve()), onCancel: vi.fn(), onDone: vi.fn() };
  renderInApp(<VmProtectDialog rows={VMS} {...props} />, '/vmSetting');
  return { protects, ...props };
}

describe('the protect dialog’s one-click default rule', () => {
  it('with no default rule yet, says what it will make and protects every VM with it in one call', async () => {
    const { protects, onDone, onSubmit } = setup([]);
    const box = await screen.findByTestId('vm-protect-default-box');
    expect(box.textContent).toContain('daily at 02:00 (Taipei time) and keeps the newest 7 of each VM');
    // No rule to choose: the rule's own Protect stays off; the one-click is on.
    expect((screen.getByTestId('vm-protect-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('vm-protect-default'));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(protects).toEqual([{ vmUuids: ['v-1', 'v-2'] }]);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(toastStore.get().map((t) => t.values)).toContainEqual({ name: '2 VMs', rule: 'Daily snapshots' });
  });

  it('with a default rule, names it beside the choice and marks it in the list', async () => {
    setup([rule({}), rule({ uuid: 'r-2', policyName: 'Daily snapshots', isDefault: true })]);
    expect((await screen.findByTestId('vm-protect-default-box')).textContent).toContain(
      'add them to your default rule “Daily snapshots”',
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Snapshot rule' }));
    expect(await screen.findByRole('option', { name: /^Daily snapshots \(default\) · Daily/ })).toBeTruthy();
  });

  it('stays open when the server refuses, so another rule can be chosen', async () => {
    const { protects, onDone } = setup([], () =>
      json(400, { msg: 'A_VM_CAN_ONLY_BE_BOUND_TO_ONE_SNAPSHOT_RULE' }),
    );
    fireEvent.click(await screen.findByTestId('vm-protect-default'));
    await waitFor(() => expect(protects).toHaveLength(1));
    await waitFor(() =>
      expect((screen.getByTestId('vm-protect-default') as HTMLButtonElement).disabled).toBe(false),
    );
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByTestId('vm-protect-dialog')).toBeTruthy();
  });
});
