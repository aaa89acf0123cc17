import type { Language } from '@portal/shared';
import type { MailContent } from './templates.js';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** A mail of paragraphs, with the link on a line of its own (and clickable in HTML). */
function compose(subject: string, paragraphs: string[], link?: string): MailContent {
  const html = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`);
  if (link) html.splice(1, 0, `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`);
  const text = link ? [paragraphs[0], link, ...paragraphs.slice(1)] : paragraphs;
  return { subject, text: text.join('\n\n'), html: html.join('\n') };
}

export function registerLinkMail(lang: Language, link: string): MailContent {
  return lang === 'en'
    ? compose(
        'Verify your email to continue registration',
        [
          'Thank you for registering. Open this link to fill in your registration information:',
          'The link is valid for 24 hours. If you did not register, ignore this mail.',
        ],
        link,
      )
    : compose(
        '請驗證您的電子郵件以繼續註冊',
        [
          '感謝您的註冊。請開啟以下連結填寫註冊資料：',
          '此連結於 24 小時內有效。若您未曾申請註冊，請忽略本郵件。',
        ],
        link,
      );
}

export function registerQueryMail(lang: Language, link: string): MailContent {
  return lang === 'en'
    ? compose(
        'Your registration progress',
        ['Open this link to see the progress of your registration:', 'The link is valid for 24 hours.'],
        link,
      )
    : compose('您的註冊進度', ['請開啟以下連結查詢您的註冊進度：', '此連結於 24 小時內有效。'], link);
}

export function approvedMail(lang: Language, link: string, clientNumber: string): MailContent {
  return lang === 'en'
    ? compose(
        'Your registration is approved: set your password',
        [
          'Your registration is approved. Open this link to set the password of your root user:',
          `Your account ID (client number) is ${clientNumber}. Sign in with your email; two-step verification is on, so each sign-in also asks for a code we email you.`,
          'The link is valid for 7 days and works once.',
        ],
        link,
      )
    : compose(
        '您的註冊已核准：請設定密碼',
        [
          '您的註冊已核准。請開啟以下連結設定根使用者的密碼：',
          `您的帳戶 ID（客戶編號）為 ${clientNumber}。請以電子郵件登入；已啟用兩步驟驗證，每次登入時會寄送驗證碼給您。`,
          '此連結於 7 天內有效，且僅能使用一次。',
        ],
        link,
      );
}

export function deniedMail(lang: Language, reason: string): MailContent {
  return lang === 'en'
    ? compose('Your registration was not approved', [
        'We are sorry: your registration was not approved.',
        `Reason: ${reason}`,
        'You may register again with corrected information.',
      ])
    : compose('您的註冊未獲核准', [
        '很抱歉，您的註冊未獲核准。',
        `原因：${reason}`,
        '您可修正資料後重新註冊。',
      ]);
}

export function resetPasswordMail(lang: Language, link: string): MailContent {
  return lang === 'en'
    ? compose(
        'Reset your password',
        [
          'Open this link to choose a new password:',
          'The link is valid for 1 hour and works once. If you did not ask for it, ignore this mail; your password stays as it is.',
        ],
        link,
      )
    : compose(
        '重設您的密碼',
        [
          '請開啟以下連結設定新密碼：',
          '此連結於 1 小時內有效，且僅能使用一次。若非您本人申請，請忽略本郵件，您的密碼不會變更。',
        ],
        link,
      );
}
