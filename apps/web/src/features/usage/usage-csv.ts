import type { TFunction } from 'i18next';
import type { UsageLine } from '@portal/shared';
import type { CsvColumn } from '../../lib/resource-kit/csv';
import type { ListSubject } from '../../lib/resource-kit/definition';

/** The usage report's lines as the kit's selection knows them: they only export. */
export const usageLines: ListSubject<UsageLine> = {
  name: 'usage',
  namespace: 'usage',
  base: '/usage/report',
  // A line is a resource's use of one price code with one set of facts.
  id: (l) => `${l.kind}:${l.resourceId}:${l.code}:${l.detail}`,
  title: (l) => l.name,
  authority: { manage: 'monitor/usageReport' },
};

/** Selected lines as CSV in the reader's language; `codeName` names a price code as the table does. */
export const usageCsvColumns = (t: TFunction, codeName: (code: string) => string): CsvColumn<UsageLine>[] => [
  { header: t('usage:table.kind'), text: (l) => t(`usage:kinds.${l.kind}`) },
  { header: t('usage:table.resource'), text: (l) => l.name },
  { header: t('usage:table.detail'), text: (l) => l.detail },
  { header: t('usage:table.item'), text: (l) => codeName(l.code) },
  { header: t('usage:table.quantity'), text: (l) => t(`usage:units.${l.unit}`, { quantity: l.quantity }) },
  { header: t('usage:table.hours'), text: (l) => String(l.hours) },
  { header: t('usage:table.amount'), text: (l) => l.amount },
];
