import type { PhonePrefix } from '@fleet/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** Phone numbers are stored and compared as digits only (a leading + kept for "Other"). */
export function normalisePhone(raw: string): string {
  const plus = raw.trim().startsWith('+') ? '+' : '';
  return plus + raw.replace(/[^0-9]/g, '');
}

/** An account by e-mail (anything with @) or by phone number, with its prefix when given. */
export async function findAccount(db: Db, account: string, prefix?: PhonePrefix) {
  if (account.includes('@')) {
    const [row] = await db.select().from(users).where(eq(users.email, account.trim().toLowerCase()));
    return row ?? null;
  }
  const phone = normalisePhone(account);
  const where = prefix
    ? and(eq(users.phoneNumber, phone), eq(users.phonePrefix, prefix))
    : eq(users.phoneNumber, phone);
  const rows = await db.select().from(users).where(where).limit(2);
  // A number shared by two accounts without a prefix to tell them apart signs in neither.
  return rows.length === 1 ? (rows[0] ?? null) : null;
}
