import type { APIRequestContext } from '@playwright/test';

interface Mail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** The newest mail to an address in the portal's development outbox, waiting for it to arrive. */
export async function latestMail(request: APIRequestContext, to: string, after = 0): Promise<Mail> {
  for (let i = 0; i < 50; i++) {
    const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const mails = ((await res.json()) as { data: Mail[] }).data;
    const mail = mails.find((m) => new Date(m.createdAt).getTime() > after);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to}`);
}

/** The 6-digit code of the newest two-factor mail to an address. */
export async function latestCode(request: APIRequestContext, to: string, after = 0): Promise<string> {
  const mail = await latestMail(request, to, after);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail "${mail.subject}"`);
  return code;
}
