import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  at: string;
  /** Files written beside the message (their names in the outbox). */
  attachments?: string[];
}

/** Without SMTP the server writes each mail to DATA_DIR/outbox (playwright.config.ts hands DATA_DIR over). */
function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through e2e/playwright.config.ts');
  return path.join(dataDir, 'outbox');
}

async function mailsTo(address: string): Promise<OutboxMail[]> {
  const files = await readdir(outboxDir()).catch(() => [] as string[]);
  const mails = await Promise.all(
    files
      .filter((f) => f.endsWith('.json'))
      .map(async (f) => JSON.parse(await readFile(path.join(outboxDir(), f), 'utf8')) as OutboxMail),
  );
  return mails.filter((m) => m.to === address).sort((a, b) => a.at.localeCompare(b.at));
}

/** The newest 6-digit verification code mailed to `address`, waiting for the mail to be written. */
export async function latestVerifyCode(address: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const newest = (await mailsTo(address)).at(-1);
      code = newest && /\b(\d{6})\b/.exec(newest.subject)?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

/** The newest mail to `address` whose subject starts with `subject`, waiting for it; its attachments as paths. */
export async function newestMailTo(
  address: string,
  subject: string,
): Promise<OutboxMail & { files: string[] }> {
  let mail: OutboxMail | undefined;
  await expect
    .poll(async () => {
      mail = (await mailsTo(address)).filter((m) => m.subject.startsWith(subject)).at(-1);
      return mail?.subject;
    })
    .toBeTruthy();
  const found = mail as OutboxMail;
  return { ...found, files: (found.attachments ?? []).map((f) => path.join(outboxDir(), f)) };
}
