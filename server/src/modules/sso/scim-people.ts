import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { ScimCaller } from '../../auth/scim-tokens.js';
import type { Db } from '../../db/client.js';
import { memberships, users } from '../../db/schema/index.js';

/*
 * The people a SCIM token sees: members of its company whose e-mail domain is one of its provider's. Everyone
 * else — another company's people, this company's members of other domains — is simply not found.
 */

export type ScimPersonRow = NonNullable<Awaited<ReturnType<typeof scimPersonById>>>;

const columns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
  isSuperAdmin: users.isSuperAdmin,
  role: memberships.role,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function inScope(caller: ScimCaller) {
  return and(
    eq(memberships.companyId, caller.companyId),
    // E-mail addresses are stored in lower case with one @, as the domains are.
    inArray(sql`split_part(${users.email}, '@', 2)`, caller.emailDomains),
  );
}

export async function scimPersonById(db: Db, caller: ScimCaller, id: string) {
  // The provider's id is any text: one that is not a uuid is no account of ours (and never reaches a uuid column).
  if (!UUID.test(id) || !caller.emailDomains.length) return null;
  const [row] = await db
    .select(columns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inScope(caller), eq(users.id, id)));
  return row ?? null;
}

/** One page of the people in scope (or the one with `email`), oldest account first, and how many there are. */
export async function listScimPeople(
  db: Db,
  caller: ScimCaller,
  opts: { email?: string; offset: number; limit: number },
) {
  if (!caller.emailDomains.length) return { rows: [], total: 0 };
  const where = and(inScope(caller), opts.email === undefined ? undefined : eq(users.email, opts.email));
  const [total] = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where);
  const rows =
    opts.limit > 0
      ? await db
          .select(columns)
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(where)
          .orderBy(asc(users.createdAt), asc(users.id))
          .limit(opts.limit)
          .offset(opts.offset)
      : [];
  return { rows, total: total?.n ?? 0 };
}
