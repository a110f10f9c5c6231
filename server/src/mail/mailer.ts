import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Files sent with it (a report's spreadsheet). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when configured; otherwise each mail is logged and written to DATA_DIR/outbox as JSON. */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      send: async (mail) => {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  return {
    send: async (mail) => {
      await mkdir(outbox, { recursive: true });
      const at = new Date().toISOString();
      const file = path.join(
        outbox,
        `${at.replace(/[:.]/g, '-')}-${mail.to.replace(/[^a-z0-9@.-]/gi, '_')}.json`,
      );
      // Attachments are written beside the message, each under its own name, and listed in it.
      const { attachments = [], ...message } = mail;
      const saved: string[] = [];
      for (const [i, a] of attachments.entries()) {
        const name = `${file.replace(/\.json$/, '')}-${i + 1}-${a.filename.replace(/[^a-z0-9.-]/gi, '_')}`;
        await writeFile(name, a.content);
        saved.push(path.basename(name));
      }
      await writeFile(
        file,
        JSON.stringify(
          { from: opts.from, at, ...message, ...(saved.length ? { attachments: saved } : {}) },
          null,
          2,
        ),
      );
      opts.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox (no SMTP_URL)');
    },
  };
}
