import type { Language } from '@portal/shared';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  lang: Language;
}

/** Sends mail over SMTP, or keeps it in the outbox when there is no mail server. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}
