import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { robotAssignments, robotCommands, robots } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql-errors.js';
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

/** One command of the company, or null. */
export async function commandOf(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(robotCommands)
    .where(and(eq(robotCommands.id, id), eq(robotCommands.companyId, companyId)));
  return row ?? null;
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

export async function robotIdsInBuilding(db: Db, companyId: string, buildingId: string): Promise<string[]> {
  const rows = await db
    .select({ id: robots.id })
    .from(robots)
    .where(and(eq(robots.companyId, companyId), eq(robots.buildingId, buildingId)));
  return rows.map((r) => r.id);
}

/** The company's robots in any of these buildings or among these ids (what an audio group's targets reach). */
export function robotsInBuildingsOrIds(
  db: Db,
  companyId: string,
  buildingIds: readonly string[],
  ids: readonly string[],
): Promise<RobotRow[]> {
  if (!buildingIds.length && !ids.length) return Promise.resolve([]);
  const inBuildings = buildingIds.length ? inArray(robots.buildingId, [...buildingIds]) : undefined;
  const named = ids.length ? inArray(robots.id, [...ids]) : undefined;
  return db
    .select()
    .from(robots)
    .where(
      and(
        eq(robots.companyId, companyId),
        inBuildings && named ? or(inBuildings, named) : (inBuildings ?? named),
      ),
    );
}

export function robotsByIds(db: Db, ids: string[]): Promise<RobotRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.select().from(robots).where(inArray(robots.id, ids));
}

/** Robot ids per person, read from the regional database. */
export async function robotIdsOf(
  reg: Db,
  companyId: string,
  userIds: string[],
): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return map;
  const rows = await reg
    .select({ userId: robotAssignments.userId, robotId: robotAssignments.robotId })
    .from(robotAssignments)
    .where(and(eq(robotAssignments.companyId, companyId), inArray(robotAssignments.userId, userIds)));
  for (const r of rows) map.get(r.userId)?.push(r.robotId);
  return map;
}

/** How many of these robots are the company's own. */
export async function countOwnRobots(db: Db, companyId: string, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const owned = await db
    .select({ id: robots.id })
    .from(robots)
    .where(and(eq(robots.companyId, companyId), inArray(robots.id, ids)));
  return owned.length;
}

/** The person operates exactly these robots of the company from now on. */
export async function replaceRobotAssignments(db: Db, companyId: string, userId: string, robotIds: string[]) {
  await clearRobotAssignments(db, companyId, userId);
  if (robotIds.length)
    await db.insert(robotAssignments).values(robotIds.map((robotId) => ({ companyId, userId, robotId })));
}

export async function clearRobotAssignments(db: Db, companyId: string, userId: string) {
  await db
    .delete(robotAssignments)
    .where(and(eq(robotAssignments.userId, userId), eq(robotAssignments.companyId, companyId)));
}

/** Robots of every company whose serial number contains the text, by serial (at most `limit`). */
export function robotsWithSerialLike(db: Db, serial: string, limit: number) {
  return db
    .select({ id: robots.id, name: robots.serialNumber, companyId: robots.companyId })
    .from(robots)
    .where(ilike(robots.serialNumber, containsPattern(serial)))
    .orderBy(asc(robots.serialNumber))
    .limit(limit);
}

/** The robots analysis rolls up: every robot (or those of some companies, or some ids), with its registration. */
export function robotRoster(
  db: Db,
  by: { companyIds?: readonly string[]; robotIds?: readonly string[] } = {},
) {
  return db
    .select({
      id: robots.id,
      companyId: robots.companyId,
      name: robots.name,
      model: robots.model,
      buildingId: robots.buildingId,
      createdAt: robots.createdAt,
    })
    .from(robots)
    .where(
      and(
        by.companyIds ? inArray(robots.companyId, [...by.companyIds]) : undefined,
        by.robotIds ? inArray(robots.id, [...by.robotIds]) : undefined,
      ),
    )
    .orderBy(asc(robots.name), asc(robots.id));
}
export type RosterRobot = Awaited<ReturnType<typeof robotRoster>>[number];
