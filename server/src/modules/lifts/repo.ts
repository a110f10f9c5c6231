import { and, asc, count, desc, eq, gte, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  liftBanks,
  liftConfigChanges,
  liftEvents,
  liftGateways,
  liftSessions,
  lifts,
} from '../../db/schema/index.js';
import { notFound } from '../../errors.js';

/* Every query of the lifts area. Each is scoped by the caller's company; another company's row is "not found". */

export type GatewayRow = typeof liftGateways.$inferSelect;
export type BankRow = typeof liftBanks.$inferSelect;
export type LiftRow = typeof lifts.$inferSelect;
export type SessionRow = typeof liftSessions.$inferSelect;
export type EventRow = typeof liftEvents.$inferSelect;
export type ChangeRow = typeof liftConfigChanges.$inferSelect;

export async function gatewaysOf(
  db: Db,
  companyId: string,
): Promise<Array<GatewayRow & { bankCount: number }>> {
  const rows = await db
    .select({ gateway: liftGateways, bankCount: count(liftBanks.id) })
    .from(liftGateways)
    .leftJoin(liftBanks, eq(liftBanks.gatewayId, liftGateways.id))
    .where(eq(liftGateways.companyId, companyId))
    .groupBy(liftGateways.id)
    .orderBy(asc(liftGateways.name));
  return rows.map((r) => ({ ...r.gateway, bankCount: Number(r.bankCount) }));
}

export async function gatewayOf(
  db: Db,
  companyId: string,
  id: string,
): Promise<GatewayRow & { bankCount: number }> {
  const rows = await db
    .select({ gateway: liftGateways, bankCount: count(liftBanks.id) })
    .from(liftGateways)
    .leftJoin(liftBanks, eq(liftBanks.gatewayId, liftGateways.id))
    .where(and(eq(liftGateways.companyId, companyId), eq(liftGateways.id, id)))
    .groupBy(liftGateways.id);
  const row = rows[0];
  if (!row) throw notFound('lift gateway');
  return { ...row.gateway, bankCount: Number(row.bankCount) };
}

/** Every gateway of the region with its password hash (or one): for the broker's logins and the live store. */
export function allGateways(db: Db, id?: string): Promise<GatewayRow[]> {
  return db
    .select()
    .from(liftGateways)
    .where(id ? eq(liftGateways.id, id) : undefined);
}

export async function gatewayLogin(db: Db, id: string): Promise<GatewayRow | undefined> {
  const [row] = await db.select().from(liftGateways).where(eq(liftGateways.id, id));
  return row;
}

export async function insertGateway(
  db: Db,
  row: { companyId: string; name: string; passwordHash: string },
): Promise<GatewayRow> {
  const [created] = await db.insert(liftGateways).values(row).returning();
  if (!created) throw new Error('gateway not inserted');
  return created;
}

export async function updateGateway(
  db: Db,
  companyId: string,
  id: string,
  set: Partial<Pick<GatewayRow, 'name' | 'passwordHash'>>,
): Promise<void> {
  await db
    .update(liftGateways)
    .set(set)
    .where(and(eq(liftGateways.companyId, companyId), eq(liftGateways.id, id)));
}

export async function deleteGateway(db: Db, companyId: string, id: string): Promise<void> {
  await db.delete(liftGateways).where(and(eq(liftGateways.companyId, companyId), eq(liftGateways.id, id)));
}

/** Names of the banks a gateway reports (to say why it cannot be removed). */
export async function bankNamesOfGateway(db: Db, companyId: string, gatewayId: string): Promise<string[]> {
  const rows = await db
    .select({ name: liftBanks.name })
    .from(liftBanks)
    .where(and(eq(liftBanks.companyId, companyId), eq(liftBanks.gatewayId, gatewayId)))
    .orderBy(asc(liftBanks.name));
  return rows.map((r) => r.name);
}

export function banksOf(db: Db, companyId: string, buildingId?: string): Promise<BankRow[]> {
  const where: SQL[] = [eq(liftBanks.companyId, companyId)];
  if (buildingId) where.push(eq(liftBanks.buildingId, buildingId));
  return db
    .select()
    .from(liftBanks)
    .where(and(...where))
    .orderBy(asc(liftBanks.name), asc(liftBanks.createdAt));
}

/** Every bank of the region (or one): the link needs each one's limit of robot sessions. */
export function allBanks(db: Db, id?: string): Promise<BankRow[]> {
  return db
    .select()
    .from(liftBanks)
    .where(id ? eq(liftBanks.id, id) : undefined);
}

export async function bankOf(db: Db, companyId: string, id: string): Promise<BankRow> {
  const [row] = await db
    .select()
    .from(liftBanks)
    .where(and(eq(liftBanks.companyId, companyId), eq(liftBanks.id, id)));
  if (!row) throw notFound('lift bank');
  return row;
}

export async function insertBank(db: Db, row: typeof liftBanks.$inferInsert): Promise<BankRow> {
  const [created] = await db.insert(liftBanks).values(row).returning();
  if (!created) throw new Error('bank not inserted');
  return created;
}

export async function updateBank(
  db: Db,
  companyId: string,
  id: string,
  set: Partial<typeof liftBanks.$inferInsert>,
): Promise<void> {
  await db
    .update(liftBanks)
    .set(set)
    .where(and(eq(liftBanks.companyId, companyId), eq(liftBanks.id, id)));
}

export async function deleteBank(db: Db, companyId: string, id: string): Promise<void> {
  await db.delete(liftBanks).where(and(eq(liftBanks.companyId, companyId), eq(liftBanks.id, id)));
}

export function liftsOfBanks(db: Db, companyId: string, bankIds: string[]): Promise<LiftRow[]> {
  if (bankIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(lifts)
    .where(and(eq(lifts.companyId, companyId), inArray(lifts.bankId, bankIds)))
    .orderBy(asc(lifts.name), asc(lifts.createdAt));
}

export async function liftOf(db: Db, companyId: string, id: string): Promise<LiftRow> {
  const [row] = await db
    .select()
    .from(lifts)
    .where(and(eq(lifts.companyId, companyId), eq(lifts.id, id)));
  if (!row) throw notFound('lift');
  return row;
}

/** Every lift of the region (or one, or a bank's) with its bank's building: what the live store registers. */
export function allLifts(
  db: Db,
  only?: { liftId: string } | { bankId: string },
): Promise<Array<{ lift: LiftRow; buildingId: string }>> {
  return db
    .select({ lift: lifts, buildingId: liftBanks.buildingId })
    .from(lifts)
    .innerJoin(liftBanks, eq(liftBanks.id, lifts.bankId))
    .where(only && ('liftId' in only ? eq(lifts.id, only.liftId) : eq(lifts.bankId, only.bankId)));
}

/** The lift whose gateway already reports under this name, if any (gateway lift names are unique per gateway). */
export async function liftByGatewayName(
  db: Db,
  gatewayId: string,
  gatewayLiftName: string,
): Promise<LiftRow | undefined> {
  const [row] = await db
    .select()
    .from(lifts)
    .where(and(eq(lifts.gatewayId, gatewayId), eq(lifts.gatewayLiftName, gatewayLiftName)));
  return row;
}

export async function insertLift(db: Db, row: typeof lifts.$inferInsert): Promise<LiftRow> {
  const [created] = await db.insert(lifts).values(row).returning();
  if (!created) throw new Error('lift not inserted');
  return created;
}

export async function updateLift(
  db: Db,
  companyId: string,
  id: string,
  set: Partial<typeof lifts.$inferInsert>,
): Promise<void> {
  await db
    .update(lifts)
    .set(set)
    .where(and(eq(lifts.companyId, companyId), eq(lifts.id, id)));
}

export async function deleteLift(db: Db, companyId: string, id: string): Promise<void> {
  await db.delete(lifts).where(and(eq(lifts.companyId, companyId), eq(lifts.id, id)));
}

/** Lifts of the company that serve a floor (a floor they serve cannot be removed). */
export async function liftNamesServingFloor(db: Db, companyId: string, floorId: string): Promise<string[]> {
  const rows = await db
    .select({ name: lifts.name, served: lifts.servedFloorIds })
    .from(lifts)
    .where(eq(lifts.companyId, companyId));
  return rows.filter((r) => r.served.includes(floorId)).map((r) => r.name);
}

export async function insertChange(db: Db, row: typeof liftConfigChanges.$inferInsert): Promise<void> {
  await db.insert(liftConfigChanges).values(row);
}

export function changesOfBank(db: Db, companyId: string, bankId: string, limit = 200): Promise<ChangeRow[]> {
  return db
    .select()
    .from(liftConfigChanges)
    .where(and(eq(liftConfigChanges.companyId, companyId), eq(liftConfigChanges.bankId, bankId)))
    .orderBy(desc(liftConfigChanges.at))
    .limit(limit);
}

export function openSessions(db: Db): Promise<SessionRow[]> {
  return db.select().from(liftSessions).where(isNull(liftSessions.endedAt));
}

export async function insertSession(db: Db, row: typeof liftSessions.$inferInsert): Promise<void> {
  await db.insert(liftSessions).values(row).onConflictDoNothing();
}

export async function setSessionPhase(db: Db, id: string, phase: string): Promise<void> {
  await db.update(liftSessions).set({ phase }).where(eq(liftSessions.id, id));
}

export async function endSession(
  db: Db,
  id: string,
  end: { endReason: string; endNote: string | null; endedBy: string | null },
): Promise<void> {
  await db
    .update(liftSessions)
    .set({ ...end, endedAt: new Date() })
    .where(and(eq(liftSessions.id, id), isNull(liftSessions.endedAt)));
}

export async function insertEvent(db: Db, row: typeof liftEvents.$inferInsert): Promise<void> {
  await db.insert(liftEvents).values(row);
}

export function eventsOf(
  db: Db,
  companyId: string,
  liftId: string,
  filter: { kinds?: string[] | undefined; from?: Date | undefined; to?: Date | undefined },
  page: { offset: number; limit: number },
): Promise<EventRow[]> {
  const where: SQL[] = [eq(liftEvents.companyId, companyId), eq(liftEvents.liftId, liftId)];
  if (filter.kinds?.length) where.push(inArray(liftEvents.kind, filter.kinds));
  if (filter.from) where.push(gte(liftEvents.at, filter.from));
  if (filter.to) where.push(lte(liftEvents.at, filter.to));
  return db
    .select()
    .from(liftEvents)
    .where(and(...where))
    .orderBy(desc(liftEvents.at))
    .offset(page.offset)
    .limit(page.limit);
}
