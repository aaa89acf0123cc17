import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.js';

/** Options of the connection string that turn on nodemailer's own logger, which prints every mail. */
const LOGGING_OPTIONS = ['logger', 'debug'];

/**
 * The connection string without its logging options: with `?logger=true&debug=true` nodemailer
 * writes the whole conversation to stdout, sign-in codes and links included.
 */
export function withoutMailLogging(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const key of [...url.searchParams.keys()]) {
    if (LOGGING_OPTIONS.includes(key.toLowerCase())) url.searchParams.delete(key);
  }
  return url.toString();
}

/** Mail over SMTP, configured by one connection string (smtp://user:pass@host:587, smtps://...). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(withoutMailLogging(smtpUrl));
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
