import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/i18n';
import { auditDetailText } from './audit-detail';

const en = i18n.getFixedT('en');
const zh = i18n.getFixedT('zh-TW');

describe('auditDetailText', () => {
  it('names switches, roles and codes in the reader’s words, not the internal values', () => {
    expect(auditDetailText({ twoFa: true }, en)).toBe('Two-step: On');
    expect(auditDetailText({ twoFa: false }, zh)).toBe('兩步驟驗證：關閉');
    expect(auditDetailText({ roles: ['computeOperator', 'readOnly'] }, en)).toBe(
      'Roles: Compute operator, Read-only',
    );
    expect(auditDetailText({ roles: ['computeOperator'] }, zh)).toBe('角色：運算操作員');
    expect(auditDetailText({ reason: 'LOGIN_ERROR' }, en)).toBe(
      'Reason: The account or password is incorrect.',
    );
    expect(auditDetailText({ error: 'VM_NEED_SHUTDOWN' }, zh)).toBe('錯誤：請先將虛擬機關機。');
  });

  it('reads a VM’s create form: disk types, data volumes, protections', () => {
    const text = auditDetailText(
      {
        name: 'web-1',
        rootDiskSpeed: 0,
        dataDisks: [{ diskSize: 100, diskSpeed: 1 }],
        isAutoAssignPublicIP: true,
        deleteDataDisks: false,
        type: 'vm',
        tags: [{ key: 'env', value: 'prod' }, { key: 'web' }],
      },
      en,
    );
    expect(text).toBe(
      'Name: web-1 · Root volume type: SSD · Data volumes: 100 GB HDD · Public IP address: On · ' +
        'Delete data volumes too: No · Resource type: VM · Tags: env=prod, web',
    );
  });

  it('has no English or raw value left in Chinese for the keys the server records', () => {
    const text = auditDetailText(
      { enableTwoFactor: true, roles: ['networkOperator'], enableStopProtection: false, type: 'disk' },
      zh,
    );
    expect(text).not.toMatch(/true|false|networkOperator|enableTwoFactor|disk|[A-Za-z]{4,}/);
  });

  it('shows unknown keys and values as they are', () => {
    expect(auditDetailText({ futureKey: 'x', roles: ['futureRole'], count: 3 }, en)).toBe(
      'futureKey: x · Roles: futureRole · count: 3',
    );
  });
});
