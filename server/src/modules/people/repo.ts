import type { Person, PhonePrefix, Role } from '@fleet/contract';
import { and, asc, count, desc, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { memberships, users } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql-errors.js';

export interface PersonRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phonePrefix: PhonePrefix | null;
  phoneNumber: string | null;
  role: Role;
  enableAudio: boolean;
  lastSignInAt: Date | null;
  joinedAt: Date;
}

const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phonePrefix: users.phonePrefix,
  phoneNumber: users.phoneNumber,
  role: memberships.role,
  enableAudio: memberships.enableAudio,
  lastSignInAt: users.lastSignInAt,
  joinedAt: memberships.createdAt,
};

export function toPersonDto(row: PersonRow, robotIds: string[], customRoleIds: string[]): Person {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phonePrefix: row.phonePrefix,
    phoneNumber: row.phoneNumber,
    role: row.role,
    enableAudio: row.enableAudio,
    robotIds,
    customRoleIds,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    joinedAt: row.joinedAt.toISOString(),
  };
}

export interface PeopleFilter {
  keyword?: string | undefined;
  role?: Role | undefined;
}

function filterWhere(companyId: string, f: PeopleFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(memberships.companyId, companyId)];
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    parts.push(
      or(
        ilike(users.firstName, like),
        ilike(users.lastName, like),
        ilike(users.email, like),
        ilike(users.phoneNumber, like),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
      ),
    );
  }
  if (f.role) parts.push(eq(memberships.role, f.role));
  return and(...parts);
}

const SORTS = {
  name: [users.firstName, users.lastName],
  email: [users.email],
  role: [memberships.role],
  lastSignInAt: [users.lastSignInAt],
  joinedAt: [memberships.createdAt],
} as const;

export type PersonSort = keyof typeof SORTS;

export async function findPeople(
  db: Db,
  companyId: string,
  filter: PeopleFilter,
  page?: {
    offset: number;
    limit: number;
    sortBy?: PersonSort | undefined;
    sortOrder?: 'asc' | 'desc' | undefined;
  },
): Promise<{ rows: PersonRow[]; total: number }> {
  const where = filterWhere(companyId, filter);
  const order = page?.sortOrder === 'desc' ? desc : asc;
  const sortColumns = SORTS[page?.sortBy ?? 'name'];
  const query = db
    .select(personColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .orderBy(...sortColumns.map((c) => order(c)), asc(users.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  if (!page) return { rows, total: rows.length };
  const [total] = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** One member of the company, or null: a person outside it is simply not found. */
export async function findPerson(db: Db, companyId: string, userId: string): Promise<PersonRow | null> {
  const [row] = await db
    .select(personColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
  return row ?? null;
}

/** How many of these people are members of the company. */
export async function countMembersAmong(db: Db, companyId: string, userIds: string[]): Promise<number> {
  if (!userIds.length) return 0;
  const members = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), inArray(memberships.userId, userIds)));
  return members.length;
}

/** Members per company, for the companies given. */
export async function memberCounts(db: Db, companyIds: string[]): Promise<Map<string, number>> {
  if (!companyIds.length) return new Map();
  const rows = await db
    .select({ companyId: memberships.companyId, n: count() })
    .from(memberships)
    .where(inArray(memberships.companyId, companyIds))
    .groupBy(memberships.companyId);
  return new Map(rows.map((r) => [r.companyId, r.n]));
}

/** People who signed in within the last `days` days, in every company. */
export async function countRecentlyActive(db: Db, days: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(gt(users.lastSignInAt, sql`now() - make_interval(days => ${days})`));
  return row?.n ?? 0;
}

export interface AccountName {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** Names and e-mails of these accounts, by first and last name; an account that is gone is left out. */
export async function accountNames(db: Db, userIds: string[]): Promise<AccountName[]> {
  if (!userIds.length) return [];
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]))
    .orderBy(asc(users.firstName), asc(users.lastName));
}

export async function deleteMembership(db: Db, companyId: string, userId: string) {
  await db
    .delete(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)));
}

/** The owner's account id, or null for a company without one. */
export async function ownerOf(db: Db, companyId: string): Promise<string | null> {
  const [owner] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.role, 'owner')));
  return owner?.userId ?? null;
}

export async function insertMembership(db: Db, values: typeof memberships.$inferInsert) {
  await db.insert(memberships).values(values);
}

export type AccountRow = typeof users.$inferSelect;

export async function accountByEmail(db: Db, email: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function markSignedIn(db: Db, userId: string) {
  await db.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.id, userId));
}
