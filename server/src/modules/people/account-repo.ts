import type { Role } from '@fleet/contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { effectiveRole } from '../../auth/access.js';
import type { Db } from '../../db/client.js';
import { memberships, users } from '../../db/schema/index.js';

/*
 * Accounts and memberships as a company's identity provider changes them (single sign-on's sign-ins, SCIM): found
 * by e-mail or id, created without a password, disabled and enabled, named, and the provider's people of a
 * company listed by their e-mail domains.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccountKey {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  disabledAt: Date | null;
}

export async function accountKeyByEmail(db: Db, email: string): Promise<AccountKey | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(eq(users.email, email));
  return row ?? null;
}

export async function isAccountDisabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId));
  return Boolean(row?.disabledAt);
}

/** A new account without a password: its person signs in through their company's provider. */
export async function insertProviderAccount(
  db: Db,
  values: { email: string; firstName: string; lastName: string },
): Promise<string> {
  const [created] = await db.insert(users).values(values).returning({ id: users.id });
  if (!created) throw new Error('account not created');
  return created.id;
}

export async function setAccountDisabled(db: Db, userId: string, disabled: boolean): Promise<void> {
  await db
    .update(users)
    .set({ disabledAt: disabled ? sql`now()` : null })
    .where(eq(users.id, userId));
}

export async function setAccountNames(
  db: Db,
  userId: string,
  names: { firstName?: string; lastName?: string },
): Promise<void> {
  await db.update(users).set(names).where(eq(users.id, userId));
}

/** The person's role in the company and whether single sign-on's group mapping set it last. */
export async function membershipRole(
  db: Db,
  companyId: string,
  userId: string,
): Promise<{ role: Role; roleBySso: boolean } | null> {
  const [row] = await db
    .select({ role: memberships.role, roleBySso: memberships.roleBySso })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)));
  return row ?? null;
}

export async function setMembershipRole(
  db: Db,
  companyId: string,
  userId: string,
  value: { role: Role; roleBySso: boolean },
): Promise<void> {
  await db
    .update(memberships)
    .set(value)
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)));
}

export async function ownsAnyCompany(db: Db, userId: string): Promise<boolean> {
  const [owned] = await db
    .select({ companyId: memberships.companyId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.role, 'owner')))
    .limit(1);
  return Boolean(owned);
}

/**
 * Which of these ids are members of the company, named, whether each has a password to sign in with, and whether
 * their account is disabled (by an identity provider's de-provisioning).
 */
export async function membersAmong(db: Db, companyId: string, userIds: string[]) {
  if (!userIds.length) return [];
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      passwordHash: users.passwordHash,
      disabledAt: users.disabledAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), inArray(memberships.userId, userIds)));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: `${r.firstName} ${r.lastName}`.trim(),
    hasPassword: r.passwordHash !== null,
    disabled: r.disabledAt !== null,
  }));
}

/** The members of a company whose e-mail domain is one of these: the people one provider owns there. */
export interface DomainScope {
  companyId: string;
  emailDomains: string[];
}

const domainColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
  isSuperAdmin: users.isSuperAdmin,
  role: memberships.role,
};

export type DomainMemberRow = NonNullable<Awaited<ReturnType<typeof domainMemberById>>>;

function inScope(scope: DomainScope) {
  return and(
    eq(memberships.companyId, scope.companyId),
    // E-mail addresses are stored in lower case with one @, as the domains are.
    inArray(sql`split_part(${users.email}, '@', 2)`, scope.emailDomains),
  );
}

/** One member in scope; anyone else (another company's, another domain's, not an id at all) is null. */
export async function domainMemberById(db: Db, scope: DomainScope, id: string) {
  // The provider's id is any text: one that is not a uuid is no account of ours (and never reaches a uuid column).
  if (!UUID.test(id) || !scope.emailDomains.length) return null;
  const [row] = await db
    .select(domainColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inScope(scope), eq(users.id, id)));
  return row ?? null;
}

/** One page of the members in scope (or the one with `email`), oldest account first, and how many there are. */
export async function listDomainMembers(
  db: Db,
  scope: DomainScope,
  opts: { email?: string; offset: number; limit: number },
) {
  if (!scope.emailDomains.length) return { rows: [], total: 0 };
  const where = and(inScope(scope), opts.email === undefined ? undefined : eq(users.email, opts.email));
  const [total] = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where);
  const rows =
    opts.limit > 0
      ? await db
          .select(domainColumns)
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(where)
          .orderBy(asc(users.createdAt), asc(users.id))
          .limit(opts.limit)
          .offset(opts.offset)
      : [];
  return { rows, total: total?.n ?? 0 };
}

const parentMembership = alias(memberships, 'parent_membership');

/**
 * Which of these people may still act in the company, not disabled: a member of it, an owner or administrator of its
 * parent company (`parentId`), or a super admin, as a session is let in (auth/access.ts). Asking for a membership of
 * the company itself would flag every application made by a parent company's administrator acting in a subsidiary,
 * or by a super admin without a membership there, and keep it flagged after such a person reviewed it.
 */
export async function mayStillAct(
  dir: Db,
  companyId: string,
  parentId: string | null,
  userIds: string[],
): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await dir
    .select({
      id: users.id,
      disabledAt: users.disabledAt,
      isSuperAdmin: users.isSuperAdmin,
      role: memberships.role,
      parentRole: parentMembership.role,
    })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.companyId, companyId)))
    .leftJoin(
      parentMembership,
      parentId
        ? and(eq(parentMembership.userId, users.id), eq(parentMembership.companyId, parentId))
        : sql`false`,
    )
    .where(inArray(users.id, userIds));
  return new Set(
    rows
      .filter(
        (r) =>
          r.disabledAt === null &&
          effectiveRole({ role: r.role, parentRole: r.parentRole, isSuperAdmin: r.isSuperAdmin }) !== null,
      )
      .map((r) => r.id),
  );
}
