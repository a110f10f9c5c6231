import { randomUUID } from 'node:crypto';
import { addDays, localDateOf } from '@fleet/contract';
import { eq, inArray, like } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { analysisSettings, buildings, floors, robots } from '../db/schema/index.js';
import { insertErrors, insertIntervals, insertTasks } from '../fleet/history/insert-facts.js';
import { DEMO_SERIAL_PREFIX } from './demo-robots.js';
import { type PastRobot, type PastWork, pastWork, type RobotKind } from './past-work.js';

/** How much history the demo starts with: /analysis has a month to compare with the one before it, partly. */
export const DEMO_HISTORY_DAYS = 45;
const CHUNK = 5000;

const kindOf = (model: string): RobotKind =>
  model.startsWith('Scrubber') ? 'cleaner' : model.startsWith('Tug') ? 'tug' : 'courier';

/** Writes a past's facts in a few multi-row statements. */
export async function writePast(db: Db, past: PastWork): Promise<void> {
  for (let i = 0; i < past.pieces.length; i += CHUNK)
    await insertIntervals(db, past.pieces.slice(i, i + CHUNK));
  for (let i = 0; i < past.tasks.length; i += CHUNK) await insertTasks(db, past.tasks.slice(i, i + CHUNK));
  const errors = past.errors.map((e) => ({ ...e, id: randomUUID() }));
  for (let i = 0; i < errors.length; i += CHUNK) await insertErrors(db, errors.slice(i, i + CHUNK));
}

/**
 * The demo robots' last DEMO_HISTORY_DAYS days: shifts of deliveries, calls and cleaning with the odd fault,
 * charge and day off, written as the fleet would have written them. The robots are registered as of the first
 * day, so their figures start there; the live simulator carries on from now.
 */
export async function seedDemoHistory(reg: Db, now = Date.now()): Promise<void> {
  const fleet = await reg
    .select({
      id: robots.id,
      companyId: robots.companyId,
      model: robots.model,
      buildingId: robots.buildingId,
      timeZone: buildings.timeZone,
    })
    .from(robots)
    .leftJoin(buildings, eq(buildings.id, robots.buildingId))
    .where(like(robots.serialNumber, `${DEMO_SERIAL_PREFIX}%`))
    .orderBy(robots.name);
  const buildingIds = [...new Set(fleet.flatMap((r) => (r.buildingId ? [r.buildingId] : [])))];
  const maps = buildingIds.length
    ? await reg
        .select({ id: floors.id, buildingId: floors.buildingId })
        .from(floors)
        .where(inArray(floors.buildingId, buildingIds))
    : [];
  for (const [i, r] of fleet.entries()) {
    const timeZone = r.timeZone ?? 'UTC';
    const today = localDateOf(now, timeZone);
    const first = addDays(today, -DEMO_HISTORY_DAYS);
    const robot: PastRobot = {
      id: r.id,
      companyId: r.companyId,
      buildingId: r.buildingId,
      timeZone,
      kind: kindOf(r.model),
      seed: 1000 + i,
      mapIds: maps.filter((m) => m.buildingId === r.buildingId).map((m) => m.id),
    };
    await writePast(reg, pastWork(robot, first, today, now));
  }
  await seedDemoAnalysisSettings(reg, fleet, now);
  // Registered on the first day of their history, so that day and every one after it is theirs.
  await reg
    .update(robots)
    .set({ createdAt: new Date(now - (DEMO_HISTORY_DAYS + 1) * 86_400_000) })
    .where(like(robots.serialNumber, `${DEMO_SERIAL_PREFIX}%`));
}

/**
 * Acme's analysis settings as of the first day of history: the tower works 07:00–22:00 every day, the depot
 * 06:00–18:00 on weekdays, and a few targets to judge the figures by.
 */
async function seedDemoAnalysisSettings(
  reg: Db,
  fleet: { companyId: string; buildingId: string | null; timeZone: string | null }[],
  now: number,
): Promise<void> {
  const companyId = fleet[0]?.companyId;
  if (!companyId) return;
  const depot = await reg
    .select({ id: buildings.id })
    .from(buildings)
    .where(eq(buildings.name, 'Acme Logistics Depot'));
  const from = addDays(localDateOf(now, fleet[0]?.timeZone ?? 'UTC'), -DEMO_HISTORY_DAYS);
  const week = (days: number[], window: { from: string; to: string }) =>
    days.map((weekday) => ({ weekday, windows: [window] }));
  await reg.insert(analysisSettings).values([
    {
      companyId,
      kind: 'calendar',
      scopeKind: 'company',
      effectiveFrom: from,
      value: { weekly: week([1, 2, 3, 4, 5, 6, 7], { from: '07:00', to: '22:00' }), closedDays: [] },
    },
    ...depot.map((b) => ({
      companyId,
      kind: 'calendar' as const,
      scopeKind: 'building' as const,
      scopeId: b.id,
      effectiveFrom: from,
      value: { weekly: week([1, 2, 3, 4, 5], { from: '06:00', to: '18:00' }), closedDays: [] },
    })),
    {
      companyId,
      kind: 'targets',
      scopeKind: 'company',
      effectiveFrom: from,
      value: {
        availability: 0.95,
        successRate: 0.95,
        utilisation: 0.5,
        coverage: 0.95,
        mttr: 1800,
        interventionsPer100: 3,
      },
    },
  ]);
}
