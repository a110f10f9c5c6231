import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { robotAssignments, robotCommands, robots } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { buildingOf } from '../buildings/repo.js';

/** One robot of the company, or NOT_FOUND: another company's robot does not exist for the caller. */
export async function robotOf(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(robots)
    .where(and(eq(robots.companyId, companyId), eq(robots.id, id)));
  if (!row) throw notFound('robot');
  return row;
}

export async function assertBuildingOf(db: Db, companyId: string, buildingId: string | null | undefined) {
  if (buildingId) await buildingOf(db, companyId, buildingId);
}

export type RobotRow = typeof robots.$inferSelect;

/** Throws the database's unique violation when the manufacturer's serial number is registered already. */
export async function insertRobot(db: Db, values: typeof robots.$inferInsert): Promise<RobotRow> {
  const [row] = await db.insert(robots).values(values).returning();
  if (!row) throw new Error('robot not registered');
  return row;
}

/** The robot as changed, or null when the company has no such robot. */
export async function updateRobot(
  db: Db,
  companyId: string,
  id: string,
  changes: Partial<typeof robots.$inferInsert>,
): Promise<RobotRow | null> {
  const [row] = await db
    .update(robots)
    .set(changes)
    .where(and(eq(robots.companyId, companyId), eq(robots.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteRobot(db: Db, companyId: string, id: string): Promise<void> {
  await db.delete(robots).where(and(eq(robots.companyId, companyId), eq(robots.id, id)));
}

/** The robot's latest commands, newest first. */
export function latestCommandsOf(db: Db, robotId: string, limit: number) {
  return db
    .select()
    .from(robotCommands)
    .where(eq(robotCommands.robotId, robotId))
    .orderBy(desc(robotCommands.createdAt), desc(sql`${robotCommands.id}`))
    .limit(limit);
}

/** Who may operate a robot besides those whose role allows it: the people it is assigned to. */
export async function assignedUserIds(db: Db, robotId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: robotAssignments.userId })
    .from(robotAssignments)
    .where(eq(robotAssignments.robotId, robotId));
  return rows.map((r) => r.userId);
}

/** The company's robots assigned to a person, by name. */
export function robotsAssignedTo(db: Db, companyId: string, userId: string) {
  return db
    .select({
      id: robots.id,
      name: robots.name,
      serialNumber: robots.serialNumber,
      buildingId: robots.buildingId,
    })
    .from(robotAssignments)
    .innerJoin(robots, eq(robots.id, robotAssignments.robotId))
    .where(and(eq(robotAssignments.companyId, companyId), eq(robotAssignments.userId, userId)))
    .orderBy(asc(robots.name));
}
