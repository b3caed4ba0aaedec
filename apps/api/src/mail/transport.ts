import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type OutgoingMail = {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

export type MailTransport = { kind: 'smtp' | 'file'; send(mail: OutgoingMail): Promise<void>; close(): void };

/** SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under the data folder. */
export function createMailTransport(options: { smtpUrl?: string; dataDir: string }): MailTransport {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transporter.sendMail({ ...mail, html: mail.html ?? undefined });
      },
      close: () => transporter.close(),
    };
  }
  const folder = path.join(options.dataDir, 'mail');
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(mail) {
      const info = await transporter.sendMail({ ...mail, html: mail.html ?? undefined });
      mkdirSync(folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.messageId.replace(/[^\w.-]/g, '_')}.eml`;
      writeFileSync(path.join(folder, name), info.message as Buffer);
    },
    close: () => transporter.close(),
  };
}
