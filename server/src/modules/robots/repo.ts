import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { buildings, robotAssignments, robots } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';

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
  if (!buildingId) return;
  const [row] = await db
    .select({ id: buildings.id })
    .from(buildings)
    .where(and(eq(buildings.companyId, companyId), eq(buildings.id, buildingId)));
  if (!row) throw notFound('building');
}

/** Who may operate a robot besides those whose role allows it: the people it is assigned to. */
export async function assignedUserIds(db: Db, robotId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: robotAssignments.userId })
    .from(robotAssignments)
    .where(eq(robotAssignments.robotId, robotId));
  return rows.map((r) => r.userId);
}
