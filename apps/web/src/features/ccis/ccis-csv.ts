import type { TFunction } from 'i18next';
import type { CcisTerm } from '@portal/shared';
import type { CsvColumn } from '../../lib/resource-kit/csv';

/** The contract history as CSV: the table's columns in the reader's language, amounts as sent. */
export const ccisHistoryCsvColumns = (t: TFunction): CsvColumn<CcisTerm>[] => [
  { header: t('ccis:history.orderId'), text: (r) => r.orderId },
  { header: t('ccis:history.kind'), text: (r) => t(`ccis:kinds.${r.kind}`) },
  { header: t('ccis:history.months'), text: (r) => String(r.months) },
  { header: t('ccis:history.beginDate'), text: (r) => r.beginDate },
  { header: t('ccis:history.expireDate'), text: (r) => r.expireDate },
  { header: t('ccis:history.commitGb'), text: (r) => String(r.commitGb) },
  { header: t('ccis:history.monthlyPrice'), text: (r) => r.monthlyPrice },
  {
    header: t('ccis:history.autoExtend'),
    text: (r) => t(r.autoExtend ? 'ccis:values.yes' : 'ccis:values.no'),
  },
  { header: t('ccis:history.account'), text: (r) => r.account },
  { header: t('ccis:history.modifiedAt'), text: (r) => r.modifiedAt },
];
