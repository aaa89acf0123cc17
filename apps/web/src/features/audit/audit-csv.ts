import type { TFunction } from 'i18next';
import type { AuditRecord } from '@portal/shared';
import type { CsvColumn } from '../../lib/resource-kit/csv';
import type { ListSubject } from '../../lib/resource-kit/definition';
import { auditDetailText } from './audit-detail';

/** The audit log as the kit's selection knows it: its rows only export, nothing runs on them. */
export const auditLogList: ListSubject<AuditRecord> = {
  name: 'audit',
  namespace: 'audit',
  base: '/audit',
  id: (r) => r.id,
  title: (r) => `${r.account} · ${r.action} · ${r.at}`,
  authority: { manage: 'iam/audit' },
};

/** Who did it: the user, and the API key it came through (issue 27). */
export const auditActor = (r: AuditRecord, t: TFunction) =>
  r.viaKey ? t('audit:viaKey', { account: r.account, key: r.viaKey }) : r.account;

/** Selected entries as CSV, as the page shows them in the reader's language (the time as ISO). */
export const auditCsvColumns = (t: TFunction): CsvColumn<AuditRecord>[] => [
  { header: t('audit:fields.at'), text: (r) => r.at },
  { header: t('audit:fields.account'), text: (r) => auditActor(r, t) },
  {
    header: t('audit:fields.action'),
    text: (r) => t(`audit:actions.${r.action}`, { defaultValue: r.action }),
  },
  {
    header: t('audit:filters.targetType'),
    text: (r) => (r.targetType ? t(`audit:targetTypes.${r.targetType}`, { defaultValue: r.targetType }) : ''),
  },
  { header: t('audit:filters.targetId'), text: (r) => r.targetId ?? '' },
  { header: t('audit:fields.outcome'), text: (r) => t(`audit:outcomes.${r.outcome}`) },
  { header: t('audit:fields.ip'), text: (r) => r.ip },
  { header: t('audit:fields.detail'), text: (r) => auditDetailText(r.detail, t) },
];
