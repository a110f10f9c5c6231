import { PERMISSIONS, type Permission, type PhonePrefix, type Role } from '@fleet/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { companies, memberships, roleAssignments, roles, sessions, users } from '../db/schema/index.js';
import { effectiveRole } from './access.js';
import type { AuthCache } from './auth-cache.js';

/** Who is calling, in which company, acting with which role: checked on every request (see loadSession). */
export interface Session {
  id: string;
  userId: string;
  companyId: string;
  companyRegion: string;
  role: Role;
  isSuperAdmin: boolean;
  /** Permissions given by custom roles in this company. */
  granted: Permission[];
  /** What `me` shows, read in the same query so the most frequent call costs one round trip. */
  profile: {
    firstName: string;
    lastName: string;
    email: string;
    phonePrefix: PhonePrefix | null;
    phoneNumber: string | null;
    companyName: string;
    enableAudio: boolean;
    isSuperCompanyMember: boolean;
  };
}

export interface SessionOptions {
  idleMinutes: number;
  /** The console operator's company (SUPER_COMPANY), once it exists. */
  superCompanyId: string | null;
}

/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

const parentMembership = alias(memberships, 'parent_membership');
/** Sessions whose last_seen_at is being written right now by this process. */
const touching = new Set<string>();

/**
 * The caller's session, from this instance's cache when it holds it (auth-cache.ts: dropped by any commit that
 * changes it, on any instance), else from the database. Null for an ended, idle or unknown session.
 */
export async function loadSession(
  dir: Db,
  claims: { sessionId: string; userId: string; companyId: string },
  opts: SessionOptions,
  cache: AuthCache | null = null,
): Promise<Session | null> {
  const key = `session:${claims.sessionId}`;
  const read = () => readSession(dir, claims.sessionId, opts);
  let found = cache ? await cache.get(key, claims.userId, read) : await read();
  const idleMs = opts.idleMinutes * 60_000;
  if (found && cache && Date.now() - found.lastSeenAt.getTime() > idleMs) {
    // Kept, but idle by this clock: the database (whose clock decides) is asked again.
    cache.drop(key);
    found = await read();
  }
  if (!found) return null;
  const { session } = found;
  if (session.userId !== claims.userId || session.companyId !== claims.companyId) return null;
  if (Date.now() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS && !touching.has(session.id)) {
    // Requests of one session in flight together would each send this UPDATE; one is enough.
    touching.add(session.id);
    try {
      await dir.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, session.id));
      found.lastSeenAt = new Date();
    } finally {
      touching.delete(session.id);
    }
  }
  return session;
}

interface Found {
  session: Session;
  /** When the session was last used, as far as this instance knows. */
  lastSeenAt: Date;
}

async function readSession(dir: Db, sessionId: string, opts: SessionOptions): Promise<Found | null> {
  const idleSince = sql`now() - make_interval(mins => ${opts.idleMinutes})`;
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
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phonePrefix: users.phonePrefix,
      phoneNumber: users.phoneNumber,
      companyName: companies.name,
      enableAudio: memberships.enableAudio,
      isSuperCompanyMember: opts.superCompanyId
        ? sql<boolean>`exists (select 1 from ${memberships} as sm
            where sm.user_id = ${sessions.userId} and sm.company_id = ${opts.superCompanyId})`
        : sql<boolean>`false`,
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
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.lastSeenAt, idleSince),
        // A person their provider de-provisioned is refused on the very next request.
        isNull(users.disabledAt),
      ),
    );
  if (!row) return null;
  const role = effectiveRole({ role: row.role, parentRole: row.parentRole, isSuperAdmin: row.isSuperAdmin });
  if (!role) return null;
  // Frozen: one answer serves every request of the session while it is kept.
  return {
    lastSeenAt: row.lastSeenAt,
    session: deepFreeze({
      id: row.id,
      userId: row.userId,
      companyId: row.companyId,
      companyRegion: row.region,
      role,
      isSuperAdmin: row.isSuperAdmin,
      granted: (row.granted ?? []).filter((p): p is Permission => (PERMISSIONS as string[]).includes(p)),
      profile: {
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        phonePrefix: row.phonePrefix,
        phoneNumber: row.phoneNumber,
        companyName: row.companyName,
        enableAudio: row.enableAudio ?? false,
        isSuperCompanyMember: row.isSuperCompanyMember,
      },
    }),
  };
}

function deepFreeze(session: Session): Session {
  Object.freeze(session.profile);
  Object.freeze(session.granted);
  return Object.freeze(session);
}

/** A new session row of the person in the company: what a password or a provider sign-in opens. */
export async function insertSession(db: Db, userId: string, companyId: string, ip: string): Promise<string> {
  const [session] = await db
    .insert(sessions)
    .values({ userId, companyId, ip })
    .returning({ id: sessions.id });
  if (!session) throw new Error('session not created');
  return session.id;
}

/** A session that has not been ended, with its company's region: enough to hand its token out once. */
export async function openSessionById(db: Db, sessionId: string) {
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      companyId: sessions.companyId,
      region: companies.region,
    })
    .from(sessions)
    .innerJoin(companies, eq(companies.id, sessions.companyId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  return row ?? null;
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An unknown super company is looked up again at most this often (it may be created later). */
const RETRY_MS = 60_000;

/**
 * Options for loadSession, with SUPER_COMPANY (an id or an exact name) resolved to an id once and kept:
 * the per-request check is then a primary-key lookup.
 */
export function sessionOptionsFor(dir: Db, config: { sessionIdleMinutes: number; superCompany: string }) {
  let id: string | null = null;
  let triedAt = 0;
  return async (): Promise<SessionOptions> => {
    if (!id && Date.now() - triedAt > RETRY_MS) {
      triedAt = Date.now();
      const match = UUID.test(config.superCompany)
        ? eq(companies.id, config.superCompany)
        : eq(companies.name, config.superCompany);
      const [row] = await dir.select({ id: companies.id }).from(companies).where(match).limit(1);
      id = row?.id ?? null;
    }
    return { idleMinutes: config.sessionIdleMinutes, superCompanyId: id };
  };
}
