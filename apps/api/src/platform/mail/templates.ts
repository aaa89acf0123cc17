import type { Language } from '@portal/shared';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function compose(subject: string, paragraphs: string[]): MailContent {
  return {
    subject,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
  };
}

/**
 * The two-factor sign-in code, valid for `minutes`. The code stays out of the subject, which lock
 * screens and mail previews show to whoever is near the phone.
 */
export function twoFaCodeMail(lang: Language, code: string, minutes: number): MailContent {
  if (lang === 'en') {
    return compose(`Your sign-in verification code (valid ${minutes} minutes)`, [
      `Your verification code is ${code}.`,
      `It is valid for ${minutes} minutes and works once. If you did not try to sign in, change your password.`,
    ]);
  }
  return compose(`您的登入驗證碼（${minutes} 分鐘內有效）`, [
    `您的驗證碼為 ${code}。`,
    `此驗證碼於 ${minutes} 分鐘內有效，且僅能使用一次。若非您本人登入，請立即變更密碼。`,
  ]);
}
