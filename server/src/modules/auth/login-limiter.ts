import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

/** Failures allowed in the window before sign-in is refused. Kept in the database so every instance agrees. */
export const LOGIN_LIMITS = { perAccount: 5, perIp: 30, windowMinutes: 15 } as const;

const windowStart = sql`now() - make_interval(mins => ${LOGIN_LIMITS.windowMinutes})`;

export async function assertLoginAllowed(db: Db, account: string, ip: string): Promise<void> {
  const [byAccount] = await db
    .select({ n: count(), oldest: min(loginFailures.at) })
    .from(loginFailures)
    .where(and(eq(loginFailures.account, account), gt(loginFailures.at, windowStart)));
  const [byIp] = await db
    .select({ n: count(), oldest: min(loginFailures.at) })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.at, windowStart)));
  const limited =
    (byAccount && byAccount.n >= LOGIN_LIMITS.perAccount && byAccount) ||
    (byIp && byIp.n >= LOGIN_LIMITS.perIp && byIp) ||
    null;
  if (!limited) return;
  const oldest = limited.oldest ? new Date(limited.oldest).getTime() : Date.now();
  const retryAfter = Math.max(
    1,
    Math.ceil((oldest + LOGIN_LIMITS.windowMinutes * 60_000 - Date.now()) / 1000),
  );
  throw new AppError('RATE_LIMITED', `Too many failed sign-ins; try again in ${retryAfter} s`, {
    'retry-after': String(retryAfter),
  });
}

export async function recordLoginFailure(db: Db, account: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values({ account, ip });
  // Keep the table small: anything outside every window is useless.
  await db.delete(loginFailures).where(sql`${loginFailures.at} < now() - interval '1 day'`);
}

export async function clearLoginFailures(db: Db, account: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.account, account));
}
