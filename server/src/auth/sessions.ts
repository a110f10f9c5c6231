import { PERMISSIONS, type Permission, type Role } from '@fleet/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { companies, memberships, roleAssignments, roles, sessions, users } from '../db/schema/index.js';
import { effectiveRole } from './access.js';

/** Who is calling, in which company, acting with which role: resolved afresh on every request. */
export interface Session {
  id: string;
  userId: string;
  companyId: string;
  companyRegion: string;
  role: Role;
  isSuperAdmin: boolean;
  /** Permissions given by custom roles in this company. */
  granted: Permission[];
}

/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

const parentMembership = alias(memberships, 'parent_membership');

export async function loadSession(
  dir: Db,
  claims: { sessionId: string; userId: string; companyId: string },
  idleMinutes: number,
): Promise<Session | null> {
  const idleSince = sql`now() - make_interval(mins => ${idleMinutes})`;
  const [row] = await dir
    .select({
      id: sessions.id,
      userId: sessions.userId,
      companyId: sessions.companyId,
      lastSeenAt: sessions.lastSeenAt,
      isSuperAdmin: users.isSuperAdmin,
      region: companies.region,
      role: memberships.role,
      parentRole: parentMembership.role,
      // Custom roles folded into the same query, so a change applies on the very next request.
      granted: sql<string[] | null>`(
        select jsonb_agg(distinct p) from ${roleAssignments}
        join ${roles} on ${roles.id} = ${roleAssignments.roleId},
        jsonb_array_elements_text(${roles.permissions}) as p
        where ${roleAssignments.userId} = ${sessions.userId} and ${roleAssignments.companyId} = ${sessions.companyId}
      )`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, sessions.companyId))
    .leftJoin(
      memberships,
      and(eq(memberships.userId, sessions.userId), eq(memberships.companyId, sessions.companyId)),
    )
    .leftJoin(
      parentMembership,
      and(eq(parentMembership.userId, sessions.userId), eq(parentMembership.companyId, companies.parentId)),
    )
    .where(
      and(eq(sessions.id, claims.sessionId), isNull(sessions.revokedAt), gt(sessions.lastSeenAt, idleSince)),
    );
  if (!row || row.userId !== claims.userId || row.companyId !== claims.companyId) return null;
  const role = effectiveRole({ role: row.role, parentRole: row.parentRole, isSuperAdmin: row.isSuperAdmin });
  if (!role) return null;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await dir.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, row.id));
  }
  return {
    id: row.id,
    userId: row.userId,
    companyId: row.companyId,
    companyRegion: row.region,
    role,
    isSuperAdmin: row.isSuperAdmin,
    granted: (row.granted ?? []).filter((p): p is Permission => (PERMISSIONS as string[]).includes(p)),
  };
}

export async function revokeSession(dir: Db, sessionId: string): Promise<void> {
  await dir.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

/** Ends every session of a person, or only those in one company. */
export async function revokeSessionsOf(dir: Db, userId: string, companyId?: string): Promise<void> {
  const scope = companyId
    ? and(eq(sessions.userId, userId), eq(sessions.companyId, companyId))
    : eq(sessions.userId, userId);
  await dir
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(scope, isNull(sessions.revokedAt)));
}
