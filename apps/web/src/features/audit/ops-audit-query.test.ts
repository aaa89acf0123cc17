import { describe, expect, it } from 'vitest';
import { dayBound, staffAuditParams } from './ops-audit-query';

describe('staffAuditParams', () => {
  const table = { page: 2, limit: 25 };
  const none = { action: '' as const, fromDay: '', toDay: '' };

  it('sends the page and leaves empty filters out', () => {
    expect(staffAuditParams(table, none)).toEqual({ page: 2, limit: 25 });
  });

  it('sends a sort with its direction (newest first unless told)', () => {
    expect(staffAuditParams({ ...table, sort: 'action' }, none)).toMatchObject({
      sort: 'action',
      orderby: 'desc',
    });
    expect(staffAuditParams({ ...table, sort: 'at', orderby: 'asc' }, none)).toMatchObject({
      sort: 'at',
      orderby: 'asc',
    });
  });

  it('turns the days into a range of local times, both days whole', () => {
    const params = staffAuditParams(table, {
      action: 'application.approve',
      fromDay: '2026-03-01',
      toDay: '2026-03-02',
    });
    expect(params.action).toBe('application.approve');
    expect(new Date(params.from!).getTime()).toBe(new Date(2026, 2, 1).getTime());
    expect(new Date(params.to!).getTime()).toBe(new Date(2026, 2, 2, 23, 59, 59, 999).getTime());
  });

  it('ignores a malformed day', () => {
    expect(dayBound('2026-3-1', false)).toBeUndefined();
    expect(dayBound('', true)).toBeUndefined();
    expect(staffAuditParams(table, { ...none, fromDay: 'yesterday' }).from).toBeUndefined();
  });
});
