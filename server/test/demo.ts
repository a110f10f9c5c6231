import { eq } from 'drizzle-orm';
import { companies, users } from '../src/db/schema/index.js';
import { call, login, type TestApp } from './helper.js';

/** Ids of the demo's companies and accounts, read from the directory database. */
export async function companyIdOf(t: TestApp, name: string): Promise<string> {
  const [row] = await t.directory.db.select().from(companies).where(eq(companies.name, name));
  if (!row) throw new Error(`no company ${name}`);
  return row.id;
}

export async function userIdOf(t: TestApp, email: string): Promise<string> {
  const [row] = await t.directory.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no account ${email}`);
  return row.id;
}

/** Signs in and switches into a company; the answer is the token of that company. */
export async function loginInto(t: TestApp, email: string, companyName: string): Promise<string> {
  const token = await login(t.app, email);
  const res = await call(t.app, 'login', { body: { token, companyId: await companyIdOf(t, companyName) } });
  if (res.status !== 200) throw new Error(`switch of ${email} into ${companyName}: ${res.body.info}`);
  return res.body.data.token;
}

/** The demo's accounts (server/src/demo/seed-demo.ts), each with the company a test signs it into. */
export const DEMO_ACCOUNTS = {
  owner: { email: 'owner@acme.test', company: 'Acme Robotics' },
  admin: { email: 'admin@acme.test', company: 'Acme Robotics' },
  staff: { email: 'staff@acme.test', company: 'Acme Robotics' },
  super: { email: 'super@fleet.test', company: 'Acme Robotics' },
  solo: { email: 'solo@solo.test', company: 'Solo Café' },
  /** Acme's owner in its subsidiary. */
  east: { email: 'owner@acme.test', company: 'Acme East' },
} as const;
export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

/** Tokens of the named demo accounts, each switched into its company. */
export async function demoTokens<W extends DemoAccount>(t: TestApp, ...who: W[]): Promise<Record<W, string>> {
  const out = {} as Record<W, string>;
  for (const w of who) out[w] = await loginInto(t, DEMO_ACCOUNTS[w].email, DEMO_ACCOUNTS[w].company);
  return out;
}

/** Account ids of the named demo accounts. */
export async function demoUserIds<W extends Exclude<DemoAccount, 'east'>>(
  t: TestApp,
  ...who: W[]
): Promise<Record<W, string>> {
  const out = {} as Record<W, string>;
  for (const w of who) out[w] = await userIdOf(t, DEMO_ACCOUNTS[w].email);
  return out;
}

/** The value, or a thrown error naming what was missing: keeps tests free of non-null assertions. */
export function must<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`${what} missing`);
  return value;
}
