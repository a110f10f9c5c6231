import { randomUUID } from 'node:crypto';
import { ADDITIVE_FIELDS, HOURS_PER_DAY } from '@fleet/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { rawRows } from '../../src/db/raw-rows.js';
import { analysisGroupDays } from '../../src/db/schema/index.js';
import { HOURLY_FIELDS } from '../../src/modules/analysis/rollup/group-days.js';
import { type RobotDayRow, writeDays } from '../../src/modules/analysis/rollup/rollup-repo.js';
import { freshDatabase } from '../helper.js';

/*
 * ANALYSIS-ROLLUP: the group roll-up (company × building × model × day) equals the sum of its counted robot days,
 * whatever the writes did to them in between: days built again with other figures, a robot moved to another
 * building, model or company, a robot day excluded or counted again. Values are quarters so every sum is exact.
 */

const COMPANIES = [randomUUID(), randomUUID()];
const BUILDINGS = [randomUUID(), randomUUID(), null];
const ROBOTS = Array.from({ length: 5 }, () => randomUUID());
const DAYS = ['2026-03-28', '2026-03-29', '2026-03-30'];
const MODELS = ['Twin T1', 'Tug'];

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
});
afterAll(() => drop());

const quarter = fc.integer({ min: 0, max: 4000 }).map((n) => n / 4);
const count = fc.integer({ min: 0, max: 50 });
const hours = fc.array(quarter, { minLength: HOURS_PER_DAY, maxLength: HOURS_PER_DAY });

const robotDay = fc.record({
  robot: fc.integer({ min: 0, max: ROBOTS.length - 1 }),
  day: fc.constantFrom(...DAYS),
  company: fc.integer({ min: 0, max: COMPANIES.length - 1 }),
  building: fc.constantFrom(...BUILDINGS),
  model: fc.constantFrom(...MODELS),
  excluded: fc.boolean(),
  active: fc.boolean(),
  figures: fc.record(
    Object.fromEntries(
      ADDITIVE_FIELDS.map((f) => [f, analysisGroupDays[f].getSQLType() === 'integer' ? count : quarter]),
    ),
  ),
  hours: fc.record(Object.fromEntries(HOURLY_FIELDS.map((f) => [f, hours]))),
});
type Generated = typeof robotDay extends fc.Arbitrary<infer T> ? T : never;

function toRow(g: Generated): RobotDayRow {
  return {
    ...(g.figures as Record<string, number>),
    ...(g.hours as Record<string, number[]>),
    companyId: COMPANIES[g.company] as string,
    robotId: ROBOTS[g.robot] as string,
    day: g.day,
    buildingId: g.building,
    model: g.model,
    timeZone: 'UTC',
    excluded: g.excluded,
    complete: true,
    active: g.active,
  } as RobotDayRow;
}

/** The groups as the robot days left standing say they must be. */
function expectedGroups(rows: Iterable<RobotDayRow>) {
  const out = new Map<string, Record<string, unknown>>();
  for (const r of rows) {
    if (r.excluded) continue;
    const key = `${r.companyId}|${r.day}|${r.buildingId ?? ''}|${r.model}`;
    const g = (out.get(key) ?? {
      robots: 0,
      activeRobots: 0,
      ...Object.fromEntries(ADDITIVE_FIELDS.map((f) => [f, 0])),
      ...Object.fromEntries(HOURLY_FIELDS.map((f) => [f, new Array(HOURS_PER_DAY).fill(0)])),
    }) as Record<string, number | number[]>;
    g.robots = (g.robots as number) + 1;
    g.activeRobots = (g.activeRobots as number) + (r.active ? 1 : 0);
    for (const f of ADDITIVE_FIELDS) g[f] = (g[f] as number) + (r[f] as number);
    for (const f of HOURLY_FIELDS) g[f] = (g[f] as number[]).map((v, h) => v + ((r[f] as number[])[h] ?? 0));
    out.set(key, g);
  }
  return out;
}

describe('ANALYSIS-ROLLUP: the group roll-up equals the sum of its robot days on random data', () => {
  it('after any sequence of batches written over the same robot days', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(robotDay, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 4 }),
        async (batches) => {
          await db.db.execute(sql`truncate analysis_robot_days, analysis_group_days, analysis_error_days`);
          const standing = new Map<string, RobotDayRow>();
          for (const batch of batches) {
            // A batch holds a robot day once, as the worker's does.
            const rows = new Map(batch.map((g) => [`${g.robot}|${g.day}`, toRow(g)]));
            await writeDays(db.db, [...rows.values()], []);
            for (const [k, r] of rows) standing.set(k, r);
          }
          const got = await rawRows<Record<string, unknown>>(
            db.db,
            sql`select *, day::text as day from ${analysisGroupDays}`,
          );
          const want = expectedGroups(standing.values());
          expect(got.length).toBe(want.size);
          for (const row of got) {
            const key = `${row.company_id}|${row.day}|${row.building_id ?? ''}|${row.model}`;
            const g = want.get(key);
            expect(g, key).toBeDefined();
            expect(Number(row.robots)).toBe(g?.robots);
            expect(Number(row.active_robots)).toBe(g?.activeRobots);
            for (const f of ADDITIVE_FIELDS) {
              expect(Number(row[analysisGroupDays[f].name]), f).toBe(g?.[f]);
            }
            for (const f of HOURLY_FIELDS) {
              expect((row[analysisGroupDays[f].name] as number[]).map(Number), f).toEqual(g?.[f]);
            }
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
