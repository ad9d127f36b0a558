/**
 * The server's SMTP mailer: nodemailer over the server named by `SMTP_URL` (`smtp://user:pass@host:587`,
 * `smtps://…:465`), or the development sink (sink.ts). It writes a {@link MailMessage} of the mail port as one message
 * with its text and HTML parts and its attachments.
 */
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from '../../../src/service/mail';

/** The default sender address of the server's mail (`MAIL_FROM`). */
export const DEFAULT_MAIL_FROM = 'Forms <forms@localhost>';

/** A mailer over SMTP, and how to close its connections. */
export interface SmtpMailer extends Mailer {
  close(): void;
}

/** Quotes a display name for an address header (nodemailer encodes what is not ASCII). */
function address(name: string, email: string): { name: string; address: string } {
  return { name, address: email };
}

/** A mailer sending each message over SMTP at `url`, from `from`. */
export function smtpMailer(url: string, from: string = DEFAULT_MAIL_FROM): SmtpMailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message: MailMessage) {
      await transport.sendMail({
        from,
        to: address(message.to.name, message.to.email),
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments.map((a) => ({ filename: a.fileName, contentType: a.contentType, content: Buffer.from(a.bytes) })),
        headers: { 'X-Forms-Mail-Kind': message.kind, 'X-Forms-Envelope-Id': message.envelopeId },
      });
    },
    close() {
      transport.close();
    },
  };
}
