import type { TFunction } from 'i18next';
import type { Order } from '@portal/shared';
import type { CsvColumn } from '../../lib/resource-kit/csv';
import { orderSpec } from './order-parts';

const yesNo = (value: boolean, t: TFunction) => t(value ? 'order:values.yes' : 'order:values.no');

/**
 * An order list as CSV in the reader's language: the orders in force and a selection of the
 * history alike, with the columns the history's own file has.
 */
export const orderCsvColumns = (t: TFunction): CsvColumn<Order>[] => [
  { header: t('order:fields.orderNo'), text: (o) => o.orderNo },
  { header: t('order:filters.resType'), text: (o) => t(`enums:orderResType.${o.resType}`) },
  { header: t('order:fields.resource'), text: (o) => o.resName },
  { header: t('order:csv.spec'), text: (o) => orderSpec(o, t) },
  { header: t('order:csv.months'), text: (o) => String(o.contractMonth) },
  { header: t('order:fields.orderDate'), text: (o) => o.orderDate },
  { header: t('order:fields.orderEDate'), text: (o) => o.orderEDate },
  { header: t('order:fields.status'), text: (o) => t(`enums:orderStatus.${o.status}`) },
  { header: t('order:fields.autoRenew'), text: (o) => yesNo(o.autoRenew, t) },
  { header: t('order:csv.monthlyPrice'), text: (o) => o.monthlyPrice },
  { header: t('order:csv.termPrice'), text: (o) => o.termPrice },
  { header: t('order:fields.account'), text: (o) => o.account },
];
