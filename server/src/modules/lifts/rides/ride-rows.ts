import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { liftRides, liftSessions } from '../../../db/schema/index.js';
import type { RidePlan, RideSnapshot } from './ride.js';

/* The rides written for the instances to share (LIFTS-RIDES-CARRIED). Only the lift link and a ride's command use them. */

export interface OpenRide {
  id: string;
  liftId: string;
  robotId: string;
  commandId: string | null;
  plan: RidePlan;
  state: RideSnapshot | null;
  waitingSince: number | null;
  instanceId: string | null;
  claimedAt: Date | null;
  cancelNote: string | null;
}

/** What the state column holds: the ride's snapshot and when it started waiting at the landing. */
interface StateColumn {
  ride: RideSnapshot;
  waitingSince: number | null;
}

// The plan and state columns hold only what rideRow and setRideState wrote, from these same types.
const openRideOf = (r: typeof liftRides.$inferSelect): OpenRide => {
  const state = r.state as StateColumn | null;
  return {
    id: r.id,
    liftId: r.liftId,
    robotId: r.robotId,
    commandId: r.commandId,
    plan: r.plan as RidePlan,
    state: state?.ride ?? null,
    waitingSince: state?.waitingSince ?? null,
    instanceId: r.instanceId,
    claimedAt: r.claimedAt,
    cancelNote: r.cancelNote,
  };
};

/** A new ride, run by `instanceId` (null: by whichever instance carries the lift's building, once it takes it up). */
export async function insertRide(
  db: Db,
  r: {
    companyId: string;
    plan: RidePlan;
    robotId: string;
    commandId: string | null;
    instanceId: string | null;
  },
): Promise<void> {
  await db.insert(liftRides).values({
    id: r.plan.rideId,
    companyId: r.companyId,
    liftId: r.plan.liftId,
    robotId: r.robotId,
    commandId: r.commandId,
    plan: r.plan,
    instanceId: r.instanceId,
    claimedAt: r.instanceId ? new Date() : null,
  });
}

export async function setRideState(
  db: Db,
  id: string,
  ride: RideSnapshot,
  waitingSince: number | null,
): Promise<void> {
  const state: StateColumn = { ride, waitingSince };
  await db
    .update(liftRides)
    .set({ state })
    .where(and(eq(liftRides.id, id), isNull(liftRides.endedAt)));
}

export async function endRideRow(db: Db, id: string, note: string | null): Promise<void> {
  await db
    .update(liftRides)
    .set({ endedAt: new Date(), endNote: note })
    .where(and(eq(liftRides.id, id), isNull(liftRides.endedAt)));
}

export async function openRides(db: Db): Promise<OpenRide[]> {
  return (await db.select().from(liftRides).where(isNull(liftRides.endedAt))).map(openRideOf);
}

/**
 * Takes a ride up: only if it is still run by `from` (null: nobody yet), so two instances never both do. The ride
 * as written, or null when another instance was first. Its session, if it holds one, is held by `self` from now.
 */
export async function claimRide(
  db: Db,
  id: string,
  from: string | null,
  self: string,
): Promise<OpenRide | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(liftRides)
      .set({ instanceId: self, claimedAt: new Date() })
      .where(
        and(
          eq(liftRides.id, id),
          isNull(liftRides.endedAt),
          from === null ? isNull(liftRides.instanceId) : eq(liftRides.instanceId, from),
        ),
      )
      .returning();
    if (!row) return null;
    await tx
      .update(liftSessions)
      .set({ instanceId: self })
      .where(and(eq(liftSessions.id, id), isNull(liftSessions.endedAt)));
    return openRideOf(row);
  });
}

/**
 * A cancel asked for on an instance that does not run the robot's ride: written on its open ride, so that whoever
 * runs it (or takes it up) ends it with this reason. The rides it was written on.
 */
export async function askToCancel(db: Db, robotId: string, note: string, self: string): Promise<string[]> {
  const rows = await db
    .update(liftRides)
    .set({ cancelNote: note })
    .where(
      and(
        eq(liftRides.robotId, robotId),
        isNull(liftRides.endedAt),
        or(isNull(liftRides.instanceId), ne(liftRides.instanceId, self)),
      ),
    )
    .returning({ id: liftRides.id });
  return rows.map((r) => r.id);
}

/** Rides an earlier run left open, when it ran alone: ended, they cannot be followed any more. */
export async function endOpenRides(db: Db, note: string): Promise<string[]> {
  const rows = await db
    .update(liftRides)
    .set({ endedAt: sql`now()`, endNote: note })
    .where(isNull(liftRides.endedAt))
    .returning({ commandId: liftRides.commandId });
  return rows.flatMap((r) => (r.commandId ? [r.commandId] : []));
}
