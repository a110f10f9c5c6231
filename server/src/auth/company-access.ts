import type { Role } from '@fleet/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { companies, memberships, sessions, users } from '../db/schema/index.js';
import { effectiveRole } from './access.js';

const parentMembership = alias(memberships, 'parent_membership');

export interface CompanyAccess {
  companyId: string;
  name: string;
  region: string;
  parentId: string | null;
  role: Role;
}

/** The role a person has in one company (own membership, parent's, or super admin), or null. */
export async function accessTo(db: Db, userId: string, companyId: string): Promise<CompanyAccess | null> {
  const [row] = await db
    .select({
      companyId: companies.id,
      name: companies.name,
      region: companies.region,
      parentId: companies.parentId,
      role: memberships.role,
      parentRole: parentMembership.role,
      isSuperAdmin: users.isSuperAdmin,
    })
    .from(companies)
    .innerJoin(users, eq(users.id, userId))
    .leftJoin(memberships, and(eq(memberships.companyId, companies.id), eq(memberships.userId, userId)))
    .leftJoin(
      parentMembership,
      and(eq(parentMembership.companyId, companies.parentId), eq(parentMembership.userId, userId)),
    )
    .where(eq(companies.id, companyId));
  if (!row) return null;
  const role = effectiveRole(row);
  return role
    ? { companyId: row.companyId, name: row.name, region: row.region, parentId: row.parentId, role }
    : null;
}

/**
 * Every company a person may enter: their memberships plus the subsidiaries of companies they own or
 * administer. Sorted by name.
 */
export async function accessibleCompanies(db: Db, userId: string): Promise<CompanyAccess[]> {
  const own = await db
    .select({
      companyId: companies.id,
      name: companies.name,
      region: companies.region,
      parentId: companies.parentId,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(memberships.userId, userId));
  const managed = own.filter((c) => c.role === 'owner' || c.role === 'admin').map((c) => c.companyId);
  const subsidiaries = managed.length
    ? await db
        .select({
          companyId: companies.id,
          name: companies.name,
          region: companies.region,
          parentId: companies.parentId,
        })
        .from(companies)
        .where(inArray(companies.parentId, managed))
    : [];
  const byId = new Map<string, CompanyAccess>(own.map((c) => [c.companyId, c]));
  for (const s of subsidiaries) if (!byId.has(s.companyId)) byId.set(s.companyId, { ...s, role: 'admin' });
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Where a sign-in lands: the company of the person's latest session, else their highest role. */
export async function defaultCompany(db: Db, userId: string): Promise<CompanyAccess | null> {
  const all = await accessibleCompanies(db, userId);
  if (!all.length) return null;
  const [last] = await db
    .select({ companyId: sessions.companyId })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  const previous = last && all.find((c) => c.companyId === last.companyId);
  if (previous) return previous;
  const rank: Record<Role, number> = { owner: 0, admin: 1, staff: 2 };
  return (
    [...all].sort((a, b) => rank[a.role] - rank[b.role] || (a.parentId ? 1 : 0) - (b.parentId ? 1 : 0))[0] ??
    null
  );
}
