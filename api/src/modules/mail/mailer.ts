import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export const MAIL_FROM = 'Barberly <no-reply@barberly.local>';

/**
 * SMTP through nodemailer when SMTP_URL is set (smtp://user:pass@host:port, smtps:// for TLS); otherwise each mail
 * is written to the log as a structured record, so a development stack shows what would have been sent.
 */
export function createMailer(options: { smtpUrl?: string; from?: string; logger: Logger }): Mailer {
  const from = options.from ?? MAIL_FROM;
  if (!options.smtpUrl) {
    return {
      async send(message) {
        options.logger.info(
          {
            mail: {
              from,
              to: message.to,
              subject: message.subject,
              text: message.text,
              attachments: (message.attachments ?? []).map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
              })),
            },
          },
          'mail (no SMTP_URL: logged, not sent)',
        );
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        attachments: message.attachments?.map((a) => ({
          filename: a.filename,
          content: a.content,
          contentType: a.contentType,
        })),
      });
    },
    close() {
      transport.close();
    },
  };
}
