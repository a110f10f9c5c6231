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

/** The value, or a thrown error naming what was missing: keeps tests free of non-null assertions. */
export function must<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`${what} missing`);
  return value;
}
