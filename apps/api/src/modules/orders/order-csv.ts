import type { Language, Order } from '@portal/shared';

/**
 * The order history as CSV for people: UTF-8 with a byte-order mark (so Excel reads the Chinese),
 * headers and statuses in the caller's language (Accept-Language), every cell quoted.
 */
const WORDS = {
  en: {
    header: [
      'Order number',
      'Type',
      'Resource',
      'Specification',
      'Contract months',
      'Order date',
      'End date',
      'Status',
      'Status name',
      'Auto-renew',
      'Renewals',
      'Monthly price (TWD)',
      'Term price (TWD)',
      'Ordered by',
      'Cancelled at',
    ],
    type: { vm: 'Virtual machine', ccis: 'Data store' },
    status: {
      1: 'Active',
      2: 'Expiring soon',
      3: 'Expired and cancelled',
      4: 'Deleted',
      5: 'Void',
      6: 'Deleted within 7 days',
      7: 'Cancelled within 7 days',
    },
    yes: 'Yes',
    no: 'No',
  },
  'zh-TW': {
    header: [
      '訂單編號',
      '類型',
      '資源',
      '規格',
      '合約月數',
      '訂購日',
      '到期日',
      '狀態',
      '狀態名稱',
      '自動續約',
      '續約次數',
      '每月價格（新台幣）',
      '合約總價（新台幣）',
      '訂購帳號',
      '取消時間',
    ],
    type: { vm: '虛擬機', ccis: '資料儲存' },
    status: {
      1: '正常',
      2: '即將到期',
      3: '已到期並取消',
      4: '已刪除',
      5: '作廢',
      6: '7 天內刪除',
      7: '7 天內取消',
    },
    yes: '是',
    no: '否',
  },
} as const;

const cell = (value: unknown) => {
  const s = value === null || value === undefined ? '' : String(value);
  // Quote every cell; a leading =, +, - or @ would make a spreadsheet run it as a formula.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
};

const specOf = (o: Order) =>
  o.resType === 'vm' ? `${o.cpuCore ?? '?'} vCPU / ${o.ramSize ?? '?'} GB` : `${o.commitGb ?? '?'} GB`;

export function orderCsv(records: Order[], lang: Language): string {
  const w = WORDS[lang];
  const lines = [w.header.map(cell).join(',')];
  for (const o of records) {
    lines.push(
      [
        o.orderNo,
        w.type[o.resType],
        o.resName,
        specOf(o),
        o.contractMonth,
        o.orderDate,
        o.orderEDate,
        o.status,
        w.status[o.status],
        o.autoRenew ? w.yes : w.no,
        o.renewals,
        o.monthlyPrice,
        o.termPrice,
        o.account,
        o.cancelledAt ?? '',
      ]
        .map(cell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
