import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.js';

/** Mail over SMTP, configured by one connection string (smtp://user:pass@host:587, smtps://...). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    close: () => transport.close(),
  };
}
