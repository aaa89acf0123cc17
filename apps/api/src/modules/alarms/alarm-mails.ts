import { ALARM_METRIC_UNITS, type AlarmMetric, type Language } from '@portal/shared';
import type { MailContent } from '../../platform/mail/templates.js';

/** What a mail says of its alarm. */
export interface AlarmMailFacts {
  id: string;
  name: string;
  kind: 'metric' | 'budget';
  metric: AlarmMetric | null;
  vmName: string | null;
  operator: string | null;
  critical: number | null;
  continuance: number | null;
  /** Decimal text (TWD). */
  budgetAmount: string | null;
  thresholdPct: number | null;
}

const METRIC_NAMES: Record<Language, Record<AlarmMetric, string>> = {
  en: {
    cpu: 'CPU usage',
    memory: 'Memory usage',
    diskRead: 'Disk read',
    diskWrite: 'Disk write',
    netIn: 'Network in',
    netOut: 'Network out',
  },
  'zh-TW': {
    cpu: 'CPU 使用率',
    memory: '記憶體使用率',
    diskRead: '磁碟讀取',
    diskWrite: '磁碟寫入',
    netIn: '網路流入',
    netOut: '網路流出',
  },
};

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function compose(subject: string, paragraphs: string[], link: string, more: string): MailContent {
  return {
    subject,
    text: [...paragraphs, `${more}\n${link}`].join('\n\n'),
    html: [
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p>${escapeHtml(more)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    ].join('\n'),
  };
}

/** "2026-03-02 12:05 (Asia/Taipei)": the tenant's clock, the same in both languages. */
export function mailTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} (${timeZone})`;
}

/** A decimal amount with thousands separators, exactly as kept ("8,123.4567"; "10,000"). */
export function money(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `NT$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${trimmed ? `.${trimmed}` : ''}`;
}

const measured = (metric: AlarmMetric, value: number) =>
  `${new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(value)} ${ALARM_METRIC_UNITS[metric]}`;

/** "CPU usage > 80 % for 3 data points" / "CPU 使用率 > 80 % 持續 3 個資料點"; a budget's threshold. */
export function conditionText(lang: Language, a: AlarmMailFacts): string {
  if (a.kind === 'budget') {
    return lang === 'en'
      ? `month-to-date spend reaches ${a.thresholdPct} % of the monthly budget of ${money(a.budgetAmount ?? '0')}`
      : `本月累計費用達每月預算 ${money(a.budgetAmount ?? '0')} 的 ${a.thresholdPct} %`;
  }
  const metric = a.metric!;
  const what = `${METRIC_NAMES[lang][metric]} ${a.operator} ${a.critical} ${ALARM_METRIC_UNITS[metric]}`;
  return lang === 'en'
    ? `${what} for ${a.continuance} data point${a.continuance === 1 ? '' : 's'} in a row`
    : `${what} 連續 ${a.continuance} 個資料點`;
}

/** A metric alarm became alarming (or is still alarming after its cool-down). */
export function metricAlarmMail(
  lang: Language,
  a: AlarmMailFacts,
  facts: { value: number; at: Date; timeZone: string; link: string },
): MailContent {
  const when = mailTime(facts.at, facts.timeZone);
  const value = measured(a.metric!, facts.value);
  if (lang === 'en') {
    return compose(
      `[Alarm] ${a.name}: ${METRIC_NAMES.en[a.metric!]} of ${a.vmName} is ${value}`,
      [
        `Your alarm ${a.name} is alarming: ${conditionText('en', a)}.`,
        `VM: ${a.vmName}. Latest value: ${value}, at ${when}.`,
        'You receive this mail because your address is one of the alarm’s notification emails.',
      ],
      facts.link,
      'See the alarm and its history in the console:',
    );
  }
  return compose(
    `【告警】${a.name}：${a.vmName} 的${METRIC_NAMES['zh-TW'][a.metric!]}為 ${value}`,
    [
      `您的告警「${a.name}」已進入告警狀態：${conditionText('zh-TW', a)}。`,
      `虛擬機：${a.vmName}。最新數值：${value}，時間 ${when}。`,
      '您收到此郵件，是因為您的信箱列於此告警的通知信箱中。',
    ],
    facts.link,
    '請至主控台查看告警及其紀錄：',
  );
}

/** A budget alarm's threshold was reached this month. */
export function budgetAlarmMail(
  lang: Language,
  a: AlarmMailFacts,
  facts: { spend: string; pct: string; month: string; link: string },
): MailContent {
  if (lang === 'en') {
    return compose(
      `[Budget alarm] ${a.name}: ${facts.pct} % of the budget spent in ${facts.month}`,
      [
        `Your budget alarm ${a.name} is alarming: ${conditionText('en', a)}.`,
        `Spend so far in ${facts.month}: ${money(facts.spend)} (${facts.pct} % of the budget). This mail goes once a month for the threshold.`,
        'You receive this mail because your address is one of the alarm’s notification emails.',
      ],
      facts.link,
      'See the alarm in the console:',
    );
  }
  return compose(
    `【預算告警】${a.name}：${facts.month} 已使用預算的 ${facts.pct} %`,
    [
      `您的預算告警「${a.name}」已進入告警狀態：${conditionText('zh-TW', a)}。`,
      `${facts.month} 至今費用：${money(facts.spend)}（預算的 ${facts.pct} %）。此門檻每月僅通知一次。`,
      '您收到此郵件，是因為您的信箱列於此告警的通知信箱中。',
    ],
    facts.link,
    '請至主控台查看告警：',
  );
}

/** Someone set the alarm off by hand (spec section 4: "mails the people concerned"). */
export function manualAlarmMail(
  lang: Language,
  a: AlarmMailFacts,
  facts: { at: Date; timeZone: string; by: string; link: string },
): MailContent {
  const when = mailTime(facts.at, facts.timeZone);
  if (lang === 'en') {
    return compose(
      `[Alarm] ${a.name} was triggered by hand`,
      [
        `${facts.by} triggered your alarm ${a.name} by hand at ${when}; it is now alarming.`,
        `Its condition: ${conditionText('en', a)}${a.vmName ? ` (VM ${a.vmName})` : ''}.`,
        'You receive this mail because your address is one of the alarm’s notification emails.',
      ],
      facts.link,
      'See the alarm and its history in the console:',
    );
  }
  return compose(
    `【告警】${a.name} 已手動觸發`,
    [
      `${facts.by} 於 ${when} 手動觸發了您的告警「${a.name}」，告警目前為告警中。`,
      `告警條件：${conditionText('zh-TW', a)}${a.vmName ? `（虛擬機 ${a.vmName}）` : ''}。`,
      '您收到此郵件，是因為您的信箱列於此告警的通知信箱中。',
    ],
    facts.link,
    '請至主控台查看告警及其紀錄：',
  );
}
