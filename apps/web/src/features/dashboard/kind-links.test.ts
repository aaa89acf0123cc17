import { describe, expect, it } from 'vitest';
import { kindPath } from './kind-links';

describe('kind links', () => {
  it('links a kind to its list and a state to the list filtered by it, where the list can', () => {
    expect(kindPath('vms')).toBe('/vmSetting');
    expect(kindPath('vms', 'running')).toBe('/vmSetting?status=1');
    expect(kindPath('vms', 'unprotected')).toBe('/vmSetting?protected=no');
    expect(kindPath('disks', 'unattached')).toBe('/diskList?attached=no');
    expect(kindPath('alarms', 'alarming')).toBe('/alarm?status=1');
    // "In progress" spans several statuses: no one filter of the list.
    expect(kindPath('vms', 'busy')).toBeNull();
    expect(kindPath('orders', 'aboutToExpire')).toBeNull();
  });
});
