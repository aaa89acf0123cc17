import type { TFunction } from 'i18next';
import { ALARM_METRIC_UNITS, AlarmKind, type Alarm, type AlarmMetric } from '@portal/shared';

/** A decimal amount with the language's grouping, exactly as sent ("10,000.25"; no float). */
export function formatAmount(amount: string, language: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const grouped = new Intl.NumberFormat(language).format(BigInt(whole.replace('-', '')));
  const trimmed = fraction.replace(/0+$/, '');
  return `${whole.startsWith('-') ? '-' : ''}${grouped}${trimmed ? `.${trimmed}` : ''}`;
}

/** A metric value with its unit, one decimal ("83.3 %", "1,024 KB/s"). */
export function formatMetricValue(value: string | number, metric: AlarmMetric, language: string): string {
  const n = new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(Number(value));
  return `${n} ${ALARM_METRIC_UNITS[metric]}`;
}

/** "CPU > 80 % for 3 points", or a budget's "80 % of NT$10,000 a month". */
export function conditionText(
  a: Pick<
    Alarm,
    'kind' | 'item' | 'operator' | 'criticalNumber' | 'continuance' | 'budgetAmount' | 'thresholdPct'
  >,
  t: TFunction,
  language: string,
): string {
  if (a.kind === AlarmKind.BUDGET) {
    return t('alarm:values.budgetCondition', {
      threshold: a.thresholdPct,
      amount: formatAmount(a.budgetAmount ?? '0', language),
    });
  }
  if (!a.item) return '—';
  return t('alarm:values.condition', {
    metric: t(`enums:alarmMetric.${a.item}`),
    operator: a.operator,
    critical: new Intl.NumberFormat(language).format(a.criticalNumber ?? 0),
    unit: ALARM_METRIC_UNITS[a.item],
    count: a.continuance ?? 0,
  });
}
