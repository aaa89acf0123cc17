import type { Language, TicketStatus } from '@portal/shared';
import type { MailContent } from '../../platform/mail/templates.js';

/** What a mail says of its ticket. */
export interface TicketMailFacts {
  ticketNo: string;
  /** The status after the change. */
  status: TicketStatus;
  /** The ticket's page in the console. */
  link: string;
}

const STATUS: Record<Language, Record<TicketStatus, string>> = {
  en: { NEW: 'New', PROCESS: 'In progress', WAITING: 'Waiting for your reply', CLOSE: 'Closed' },
  'zh-TW': { NEW: '新建立', PROCESS: '處理中', WAITING: '等待您的回覆', CLOSE: '已結案' },
};

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** Paragraphs, the staff's words quoted as written (line breaks kept), then the link. */
function compose(
  subject: string,
  paragraphs: string[],
  quote: string | null,
  facts: TicketMailFacts,
  more: string,
): MailContent {
  const quoted = quote === null ? [] : [quote];
  return {
    subject,
    text: [...paragraphs, ...quoted, `${more}\n${facts.link}`].join('\n\n'),
    html: [
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      ...quoted.map(
        (q) =>
          `<blockquote style="border-left:3px solid #ccc;margin:0;padding-left:12px">${escapeHtml(q).replace(/\n/g, '<br>')}</blockquote>`,
      ),
      `<p>${escapeHtml(more)}<br><a href="${escapeHtml(facts.link)}">${escapeHtml(facts.link)}</a></p>`,
    ].join('\n'),
  };
}

/** A staff member picked the ticket up. */
export function ticketPickedUpMail(lang: Language, facts: TicketMailFacts): MailContent {
  return lang === 'en'
    ? compose(
        `[${facts.ticketNo}] Your support ticket is being handled`,
        [`Our support team has picked up your ticket ${facts.ticketNo} and is working on it.`],
        null,
        facts,
        'See the ticket in the console:',
      )
    : compose(
        `[${facts.ticketNo}] 您的客服工單已開始處理`,
        [`客服人員已受理您的工單 ${facts.ticketNo}，正在為您處理。`],
        null,
        facts,
        '於主控台查看工單：',
      );
}

/** A staff answer, with its words and the status it left the ticket in. */
export function ticketAnsweredMail(lang: Language, facts: TicketMailFacts, text: string): MailContent {
  return lang === 'en'
    ? compose(
        `[${facts.ticketNo}] New reply to your support ticket`,
        [`Our support team replied to your ticket ${facts.ticketNo}. Status: ${STATUS.en[facts.status]}.`],
        text,
        facts,
        'Read the conversation and reply in the console:',
      )
    : compose(
        `[${facts.ticketNo}] 您的客服工單有新回覆`,
        [`客服人員已回覆您的工單 ${facts.ticketNo}。狀態：${STATUS['zh-TW'][facts.status]}。`],
        text,
        facts,
        '於主控台查看對話並回覆：',
      );
}

/** Staff closed the ticket. */
export function ticketClosedMail(lang: Language, facts: TicketMailFacts): MailContent {
  return lang === 'en'
    ? compose(
        `[${facts.ticketNo}] Your support ticket was closed`,
        [
          `Our support team closed your ticket ${facts.ticketNo}. If the problem comes back, open a new ticket.`,
        ],
        null,
        facts,
        'See the ticket in the console:',
      )
    : compose(
        `[${facts.ticketNo}] 您的客服工單已結案`,
        [`客服人員已將您的工單 ${facts.ticketNo} 結案。若問題再次發生，請建立新的工單。`],
        null,
        facts,
        '於主控台查看工單：',
      );
}

/** The customer opened the ticket: its number, and where the answers will come. */
export function ticketOpenedMail(lang: Language, facts: TicketMailFacts): MailContent {
  return lang === 'en'
    ? compose(
        `[${facts.ticketNo}] We have received your support ticket`,
        [
          `Thank you. Your ticket ${facts.ticketNo} has reached our support team, who will pick it up and answer you in the console; each answer is also mailed to you.`,
        ],
        null,
        facts,
        'See the ticket in the console:',
      )
    : compose(
        `[${facts.ticketNo}] 我們已收到您的客服工單`,
        [
          `感謝您的來信。您的工單 ${facts.ticketNo} 已送達客服團隊，客服人員受理後會於主控台回覆，每則回覆也會寄送給您。`,
        ],
        null,
        facts,
        '於主控台查看工單：',
      );
}
