import type { ApiScope, DeliveryStatus, WebhookDelivery, WebhookEvent } from '@fleet/contract';
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { apiApps, webhookDeliveries, webhooks } from '../../../db/schema/index.js';
import { unnestInsert } from '../../../db/unnest-insert.js';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** A webhook that may be delivered to now, with what its application reaches. */
export interface Subscription {
  webhookId: string;
  appId: string;
  url: string;
  events: WebhookEvent[];
  secretCipher: string;
  scopes: ApiScope[];
  robots: { all: boolean; robotIds: string[]; buildingIds: string[] };
}

const liveApp = () =>
  and(isNull(apiApps.revokedAt), or(isNull(apiApps.expiresAt), gt(apiApps.expiresAt, sql`now()`)));

const subscriptionColumns = {
  webhookId: webhooks.id,
  appId: webhooks.appId,
  url: webhooks.url,
  events: webhooks.events,
  secretCipher: webhooks.secretCipher,
  scopes: apiApps.scopes,
  allRobots: apiApps.allRobots,
  robotIds: apiApps.robotIds,
  buildingIds: apiApps.buildingIds,
};

function toSubscription(r: {
  webhookId: string;
  appId: string;
  url: string;
  events: WebhookEvent[];
  secretCipher: string;
  scopes: ApiScope[];
  allRobots: boolean;
  robotIds: string[];
  buildingIds: string[];
}): Subscription {
  return {
    webhookId: r.webhookId,
    appId: r.appId,
    url: r.url,
    events: r.events,
    secretCipher: r.secretCipher,
    scopes: r.scopes,
    robots: { all: r.allRobots, robotIds: r.robotIds, buildingIds: r.buildingIds },
  };
}

/** The company's webhooks that are on, of applications that are live. */
export async function subscriptionsOf(reg: Db, companyId: string): Promise<Subscription[]> {
  const rows = await reg
    .select(subscriptionColumns)
    .from(webhooks)
    .innerJoin(apiApps, eq(apiApps.id, webhooks.appId))
    .where(and(eq(webhooks.companyId, companyId), eq(webhooks.active, true), liveApp()));
  return rows.map(toSubscription);
}

/** These webhooks, if they are still on and their application live (a retry's webhook may be gone since). */
export async function subscriptionsByIds(reg: Db, ids: string[]): Promise<Map<string, Subscription>> {
  if (!ids.length) return new Map();
  const rows = await reg
    .select(subscriptionColumns)
    .from(webhooks)
    .innerJoin(apiApps, eq(apiApps.id, webhooks.appId))
    .where(and(inArray(webhooks.id, ids), eq(webhooks.active, true), liveApp()));
  return new Map(rows.map((r) => [r.webhookId, toSubscription(r)]));
}

export interface NewDelivery {
  id: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  body: string;
  createdAt: Date;
  leasedUntil: Date;
}

/** Written before the first attempt, leased by this instance for it. */
export function insertDeliveries(reg: Db, rows: readonly NewDelivery[]) {
  const d = webhookDeliveries;
  return reg.execute(
    unnestInsert<NewDelivery>(
      d,
      [
        { column: d.id, type: 'uuid', value: (r) => r.id },
        { column: d.webhookId, type: 'uuid', value: (r) => r.webhookId },
        { column: d.eventId, type: 'text', value: (r) => r.eventId },
        { column: d.eventType, type: 'text', value: (r) => r.eventType },
        { column: d.body, type: 'text', value: (r) => r.body },
        { column: d.createdAt, type: 'timestamptz', value: (r) => r.createdAt },
        { column: d.nextAttemptAt, type: 'timestamptz', value: (r) => r.createdAt },
        { column: d.leasedUntil, type: 'timestamptz', value: (r) => r.leasedUntil },
      ],
      rows,
    ),
  );
}

/** A delivery whose first attempt ended before it was written: one row with its outcome, no update after. */
export interface AttemptedDelivery {
  delivery: NewDelivery;
  outcome: Outcome;
}

export function insertAttempted(reg: Db, rows: readonly AttemptedDelivery[]) {
  const d = webhookDeliveries;
  return reg.execute(
    unnestInsert<AttemptedDelivery>(
      d,
      [
        { column: d.id, type: 'uuid', value: (r) => r.delivery.id },
        { column: d.webhookId, type: 'uuid', value: (r) => r.delivery.webhookId },
        { column: d.eventId, type: 'text', value: (r) => r.delivery.eventId },
        { column: d.eventType, type: 'text', value: (r) => r.delivery.eventType },
        { column: d.body, type: 'text', value: (r) => r.delivery.body },
        { column: d.createdAt, type: 'timestamptz', value: (r) => r.delivery.createdAt },
        { column: d.status, type: 'text', value: (r) => r.outcome.status },
        { column: d.attempts, type: 'int4', value: () => 1 },
        { column: d.statusCode, type: 'int4', value: (r) => r.outcome.statusCode },
        { column: d.error, type: 'text', value: (r) => r.outcome.error },
        { column: d.lastAttemptAt, type: 'timestamptz', value: (r) => r.outcome.at },
        { column: d.nextAttemptAt, type: 'timestamptz', value: (r) => r.outcome.nextAttemptAt },
      ],
      rows,
    ),
  );
}

export interface Outcome {
  id: string;
  status: DeliveryStatus;
  statusCode: number | null;
  error: string | null;
  at: Date;
  nextAttemptAt: Date | null;
}

/** The attempts' outcomes, in one statement. */
export function recordOutcomes(reg: Db, outcomes: readonly Outcome[]) {
  const col = <T>(f: (o: Outcome) => T) => sql.param(outcomes.map(f));
  return reg.execute(sql`
    update ${webhookDeliveries} d set
      status = u.status, attempts = d.attempts + 1, status_code = u.code, error = u.error,
      last_attempt_at = u.at, next_attempt_at = u.next, leased_until = null
    from unnest(
      ${col((o) => o.id)}::uuid[], ${col((o) => o.status)}::text[], ${col((o) => o.statusCode)}::int4[],
      ${col((o) => o.error)}::text[], ${col((o) => o.at.toISOString())}::timestamptz[],
      ${col((o) => o.nextAttemptAt?.toISOString() ?? null)}::timestamptz[]
    ) as u(id, status, code, error, at, next)
    where d.id = u.id`);
}

/**
 * Leases up to `limit` deliveries that are due (a first attempt an instance did not finish, or a retry) for
 * `leaseS` seconds: instances sharing the database each take their own (skip locked), and one that dies loses its
 * lease so another takes its deliveries over.
 */
export async function leaseDue(reg: Db, limit: number, leaseS: number): Promise<DeliveryRow[]> {
  const d = webhookDeliveries;
  return reg.transaction(async (tx) => {
    const due = await tx
      .select({ id: d.id })
      .from(d)
      .where(
        and(
          inArray(d.status, ['pending', 'retrying']),
          sql`${d.nextAttemptAt} <= now()`,
          or(isNull(d.leasedUntil), sql`${d.leasedUntil} < now()`),
        ),
      )
      .orderBy(d.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(d)
      .set({ leasedUntil: sql`now() + make_interval(secs => ${leaseS})` })
      .where(
        inArray(
          d.id,
          due.map((r) => r.id),
        ),
      )
      .returning();
  });
}

/** Deliveries older than this many days leave the log. */
export function pruneDeliveries(reg: Db, days: number) {
  return reg
    .delete(webhookDeliveries)
    .where(
      and(
        sql`${webhookDeliveries.createdAt} < now() - make_interval(days => ${days})`,
        inArray(webhookDeliveries.status, ['delivered', 'failed']),
      ),
    );
}

export async function deliveryById(reg: Db, id: string): Promise<DeliveryRow | null> {
  const [row] = await reg.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row ?? null;
}

export function latestDeliveries(reg: Db, webhookId: string, limit: number) {
  return reg
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

export function toDeliveryDto(r: DeliveryRow): WebhookDelivery {
  return {
    id: r.id,
    eventId: r.eventId,
    eventType: r.eventType as WebhookDelivery['eventType'],
    status: r.status,
    attempts: r.attempts,
    statusCode: r.statusCode,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
    lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt:
      r.status === 'pending' || r.status === 'retrying' ? (r.nextAttemptAt?.toISOString() ?? null) : null,
  };
}

/** `%`, `_` and `\` stand for themselves in a LIKE pattern. */
const likeText = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Whether a delivery of an event was written for the company's webhooks around `at`: the robot's event of this type,
 * whose body holds `key` (its error code, its order) when given. How an event told again after its instance was
 * killed is known to have been delivered already (FLEET-EVENTS-HANDOVER).
 */
export async function deliveredAround(
  reg: Db,
  e: { companyId: string; type: string; robotId: string; key: string | null; at: number },
  withinMs: number,
): Promise<boolean> {
  const [row] = await reg
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(
      and(
        eq(webhooks.companyId, e.companyId),
        eq(webhookDeliveries.eventType, e.type),
        sql`${webhookDeliveries.createdAt} between ${new Date(e.at - withinMs)} and ${new Date(e.at + withinMs)}`,
        sql`${webhookDeliveries.body} like ${`%"robotId":"${likeText(e.robotId)}"%`}`,
        e.key === null ? undefined : sql`${webhookDeliveries.body} like ${`%${likeText(e.key)}%`}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
