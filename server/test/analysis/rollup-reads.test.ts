import { randomUUID } from 'node:crypto';
import { addDays, isoWeekday, localDateOf, localDay, type TaskSearch } from '@fleet/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisRobotDays, robots } from '../../src/db/schema/index.js';
import { insertIntervals, insertTasks } from '../../src/fleet/history/insert-facts.js';
import { queueDays } from '../../src/modules/analysis/rollup/rollup-repo.js';
import { buildTestApp, call, login, type TestApp } from '../helper.js';

/*
 * ANALYSIS-ROLLUP: figures whose scope names no robot come from the group roll-up, and are the same as the robot
 * days give when every robot is named; the drill-down's total comes from the robot days where they answer for
 * their tasks and from the tasks elsewhere (today, a day queued, a task written after the roll-up ran), and is
 * always the number of rows the pages list. Two companies whose robots share a name never mix.
 */

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
const OUTCOMES = ['completed', 'partial', 'cancelled', 'failed'] as const;
let t: TestApp;
let acme: string;
let solo: string;
let halls: { berlin: string; newYork: string; solo: string };
let fleet: { twin: string; tug: string; soloTwin: string };
let companyOf: Map<string, string>;
let d1: string;
let d3: string;
let today: string;

async function building(token: string, name: string, timeZone: string): Promise<string> {
  const res = await call(t.app, 'createBuilding', { token, body: { name, timeZone } });
  expect(res.status, res.body.info).toBe(200);
  return res.body.data.id;
}

async function robot(token: string, name: string, model: string, buildingId: string): Promise<string> {
  const res = await call(t.app, 'registerRobot', {
    token,
    body: { name, model, manufacturer: 'acme', serialNumber: `S-${randomUUID().slice(0, 8)}`, buildingId },
  });
  expect(res.status, res.body.info).toBe(200);
  return res.body.data.robot.id;
}

/** A robot's day: working hours 8–8+n, and a task ending at each of them with the outcomes in turn. */
function workedDay(robotId: string, zone: string, date: string, n: number, outcomeShift: number) {
  const start = localDay(date, zone).start;
  const at = (h: number) => new Date(start + h * 3_600_000);
  const companyId = companyOf.get(robotId) as string;
  const intervals = Array.from({ length: n }, (_, i) => ({
    companyId,
    robotId,
    buildingId: null,
    state: 'working' as const,
    startedAt: at(8 + i),
    endedAt: at(9 + i),
    errorCodes: [],
  }));
  const tasks = Array.from({ length: n }, (_, i) => ({
    companyId,
    robotId,
    buildingId: null,
    orderId: `o-${randomUUID()}`,
    type: i % 3 === 0 ? ('clean' as const) : ('deliver' as const),
    result: OUTCOMES[(i + outcomeShift) % OUTCOMES.length] as (typeof OUTCOMES)[number],
    distanceM: 100 * (i + 1),
    startedAt: at(8 + i),
    endedAt: at(8.5 + i),
  }));
  return { intervals, tasks };
}

async function write(days: ReturnType<typeof workedDay>[]) {
  await insertIntervals(
    t.regional.db,
    days.flatMap((d) => d.intervals),
  );
  await insertTasks(
    t.regional.db,
    days.flatMap((d) => d.tasks),
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  acme = await login(t.app, 'owner@acme.test');
  solo = await login(t.app, 'solo@solo.test');
  today = localDateOf(Date.now(), BERLIN);
  d1 = addDays(today, -4);
  d3 = addDays(today, -2);
  halls = {
    berlin: await building(acme, 'Groups Berlin', BERLIN),
    newYork: await building(acme, 'Groups New York', NEW_YORK),
    solo: await building(solo, 'Groups Solo', BERLIN),
  };
  fleet = {
    twin: await robot(acme, 'Twin', 'Twin T1', halls.berlin),
    tug: await robot(acme, 'Tug', 'Tug X', halls.newYork),
    soloTwin: await robot(solo, 'Twin', 'Twin T1', halls.solo),
  };
  const ids = Object.values(fleet);
  await t.regional.db
    .update(robots)
    .set({ createdAt: new Date(Date.now() - 10 * 86_400_000) })
    .where(inArray(robots.id, ids));
  const rows = await t.regional.db
    .select({ id: robots.id, companyId: robots.companyId })
    .from(robots)
    .where(inArray(robots.id, ids));
  companyOf = new Map(rows.map((r) => [r.id, r.companyId]));
  const days = [];
  for (let i = 0; i < 3; i++) {
    const date = addDays(d1, i);
    days.push(
      workedDay(fleet.twin, BERLIN, date, 3 + i, i),
      workedDay(fleet.tug, NEW_YORK, date, 2 + i, i + 1),
    );
    days.push(workedDay(fleet.soloTwin, BERLIN, date, 6, i));
  }
  await write(days);
  await t.app.analysis.run();
}, 60_000);
afterAll(() => t.close());

const scope = (over: Record<string, unknown> = {}) => ({ from: d1, to: d3, ...over });

async function acmeRobotIds(): Promise<string[]> {
  const res = await call(t.app, 'analysisOptions', { token: acme });
  const own = res.body.data.companies.find((c) => !c.isSubsidiary)?.id;
  return res.body.data.robots.filter((r) => r.companyId === own).map((r) => r.id);
}

describe('ANALYSIS-ROLLUP: the groups give the figures the robot days give', () => {
  it.each([
    ['the company', {}],
    ['a building', { buildingIds: ['berlin'] }],
    ['a model', { models: ['Tug X'] }],
  ])(
    '%s: summary, trends, heat map and rankings are the same with every robot named',
    async (_what, over) => {
      const narrowed = {
        ...over,
        ...('buildingIds' in over ? { buildingIds: [halls.berlin] } : {}),
      };
      const everyRobot = { ...narrowed, robotIds: await acmeRobotIds() };
      const ask = async (robotIds: Record<string, unknown>) => {
        const f = (g: string, compare = true) => ({ ...scope(robotIds), granularity: g, compare });
        const answers = await Promise.all([
          call(t.app, 'analysisSummary', { token: acme, body: f('day') }),
          ...['day', 'week', 'month', 'hour'].map((g) =>
            call(t.app, 'analysisTrend', { token: acme, body: f(g) }),
          ),
          call(t.app, 'analysisHeatmap', { token: acme, body: scope(robotIds) }),
          ...(['building', 'model'] as const).map((by) =>
            call(t.app, 'analysisRanking', { token: acme, body: { filter: f('day', false), by } }),
          ),
        ]);
        for (const a of answers) expect(a.status, a.body.info).toBe(200);
        return answers.map((a) => a.body.data);
      };
      const [groups, robotDays] = await Promise.all([ask(narrowed), ask(everyRobot)]);
      expect(groups).toEqual(robotDays);
    },
  );

  it("figures hold the company's own robots only, counted once over days (ANALYSIS-SCOPE)", async () => {
    const res = await call(t.app, 'analysisSummary', {
      token: acme,
      body: { ...scope(), granularity: 'day', compare: false },
    });
    const v = Object.fromEntries(res.body.data.cards.map((c) => [c.id, c.value]));
    // Twin 3+4+5 tasks, Tug 2+3+4: Solo Café's Twin (6 a day) is not Acme's.
    expect(res.body.data.robots).toBeGreaterThanOrEqual(2);
    expect(v.activeRobots).toBe(2);
    expect(v.workingHours).toBe(21 * 3600);
    const theirs = await call(t.app, 'analysisSummary', {
      token: solo,
      body: { ...scope(), granularity: 'day', compare: false },
    });
    expect(Object.fromEntries(theirs.body.data.cards.map((c) => [c.id, c.value])).workingHours).toBe(
      18 * 3600,
    );
  });
});

/** A search's total and every row its pages list. */
async function listed(token: string, search: Omit<TaskSearch, 'scope'> & { scope: Record<string, unknown> }) {
  const res = await call(t.app, 'analysisTasks', {
    token,
    body: { pageIndex: 1, pageLength: 200, requestData: search as TaskSearch },
  });
  expect(res.status, res.body.info).toBe(200);
  return { total: res.body.data.totalCnt, ids: res.body.data.list.map((x) => x.id) };
}

const SEARCHES = () => [
  { scope: scope({ to: today }) },
  { scope: scope({ to: today }), outcomes: ['failed' as const] },
  { scope: scope({ to: today }), outcomes: ['completed' as const, 'cancelled' as const] },
  { scope: scope({ to: today }), hour: 9 },
  { scope: scope({ to: today }), hour: 10, outcomes: ['completed' as const] },
  { scope: scope({ to: today }), weekday: isoWeekday(d1), hour: 8 },
  { scope: scope({ to: today }), weekday: isoWeekday(today) },
  { scope: scope({ to: today, buildingIds: [halls.newYork] }), outcomes: ['partial' as const] },
  { scope: scope({ to: today }), types: ['clean' as const] },
  { scope: scope({ to: today }), since: new Date(localDay(d3, BERLIN).start).toISOString() },
];

describe('ANALYSIS-ROLLUP: the drill-down total is the rows its pages list', () => {
  it('over built days, today, a queued day and a task written after the roll-up ran', async () => {
    const before = await listed(acme, { scope: scope() });
    expect(before.total).toBe(before.ids.length);
    expect(before.total).toBe(3 + 4 + 5 + 2 + 3 + 4);
    // Today, a late task for a built day (not queued yet), and a day queued for a rebuild.
    await write([workedDay(fleet.twin, BERLIN, today, 2, 0), workedDay(fleet.tug, NEW_YORK, d1, 1, 3)]);
    await queueDays(t.regional.db, [
      { robotId: fleet.twin, companyId: companyOf.get(fleet.twin) as string, day: addDays(d1, 1) },
    ]);
    for (const search of SEARCHES()) {
      const { total, ids } = await listed(acme, search);
      expect(total, JSON.stringify(search)).toBe(ids.length);
      expect(new Set(ids).size).toBe(ids.length);
    }
    expect((await listed(acme, { scope: scope({ to: today }) })).total).toBe(21 + 2 + 1);
  });

  it("a built day's total is its robot day's count; Solo Café's Twin never counts for Acme", async () => {
    const day = { scope: scope({ from: d3, to: d3, buildingIds: [halls.berlin] }) };
    const built = await listed(acme, day);
    expect(built).toMatchObject({ total: 5 });
    const row = and(eq(analysisRobotDays.robotId, fleet.twin), eq(analysisRobotDays.day, d3));
    // Read from the robot day: a count changed there shows (and is put back).
    await t.regional.db.update(analysisRobotDays).set({ tasks: sql`tasks + 100` }).where(row);
    expect((await listed(acme, day)).total).toBe(105);
    await t.regional.db.update(analysisRobotDays).set({ tasks: sql`tasks - 100` }).where(row);
    const theirs = await listed(solo, { scope: scope() });
    expect(theirs.total).toBe(18);
    expect(theirs.ids.length).toBe(18);
  });
});
