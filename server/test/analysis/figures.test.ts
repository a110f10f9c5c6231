import { randomUUID } from 'node:crypto';
import { addDays, isoWeekday, localDateOf, localDay } from '@fleet/contract';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { robots } from '../../src/db/schema/index.js';
import { insertErrors, insertIntervals, insertTasks } from '../../src/fleet/history/insert-facts.js';
import { buildTestApp, call, login, type TestApp } from '../helper.js';

/*
 * ANALYSIS-FIGURES: the figures of /analysis on hand-made facts for one robot in Berlin, read through the API
 * after the roll-up has run; a robot of another company with the same name is never counted (ANALYSIS-SCOPE);
 * settings take effect from their date (ANALYSIS-SETTINGS); late facts rebuild their day.
 */

const ZONE = 'Europe/Berlin';
const H = 3_600_000;
let t: TestApp;
let owner: string;
let solo: string;
let staff: string;
let hall: string;
let twin: string;
let soloTwin: string;
let today: string;
let d1: string;
let d2: string;
let failedTask: string;

const at = (date: string, hour: number) => new Date(localDay(date, ZONE).start + hour * H);
const piece = (
  robotId: string,
  companyId: string,
  state: 'working' | 'idle' | 'error',
  date: string,
  from: number,
  to: number,
  codes: string[] = [],
) => {
  const out = [];
  for (let h = from; h < to; h += 1) {
    out.push({
      companyId,
      robotId,
      buildingId: null,
      state,
      startedAt: at(date, h),
      endedAt: at(date, Math.min(h + 1, to)),
      errorCodes: codes,
    });
  }
  return out;
};
const task = (robotId: string, companyId: string, over: Record<string, unknown>) => ({
  companyId,
  robotId,
  buildingId: robotId === twin ? hall : null,
  orderId: `o-${randomUUID()}`,
  type: 'deliver' as const,
  result: 'completed' as const,
  distanceM: 0,
  startedAt: new Date(0),
  endedAt: new Date(0),
  ...over,
});

async function register(token: string, name: string, serial: string, buildingId: string): Promise<string> {
  const res = await call(t.app, 'registerRobot', {
    token,
    body: { name, model: 'Twin T1', manufacturer: 'acme', serialNumber: serial, buildingId },
  });
  expect(res.status, res.body.info).toBe(200);
  return res.body.data.robot.id;
}

const filter = (over: Record<string, unknown> = {}) => ({
  from: d1,
  to: d1,
  granularity: 'day' as const,
  compare: false,
  buildingIds: [hall],
  ...over,
});

const card = async (token: string, id: string, over: Record<string, unknown> = {}) => {
  const res = await call(t.app, 'analysisSummary', { token, body: filter(over) });
  expect(res.status, res.body.info).toBe(200);
  const found = res.body.data.cards.find((c) => c.id === id);
  if (!found) throw new Error(`no ${id} card`);
  return found;
};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner@acme.test');
  solo = await login(t.app, 'solo@solo.test');
  staff = await login(t.app, 'staff@acme.test');
  today = localDateOf(Date.now(), ZONE);
  d1 = addDays(today, -3);
  d2 = addDays(today, -2);
  const made = await call(t.app, 'createBuilding', {
    token: owner,
    body: { name: 'Analysis Hall', timeZone: ZONE },
  });
  expect(made.status, made.body.info).toBe(200);
  hall = made.body.data.id;
  const soloHall = await call(t.app, 'createBuilding', {
    token: solo,
    body: { name: 'Solo Hall', timeZone: ZONE },
  });
  twin = await register(owner, 'Twin', 'TWIN-A', hall);
  soloTwin = await register(solo, 'Twin', 'TWIN-S', soloHall.body.data.id);
  // Registered well before the days the facts are about.
  await t.regional.db
    .update(robots)
    .set({ createdAt: new Date(Date.now() - 10 * 86_400_000) })
    .where(inArray(robots.id, [twin, soloTwin]));
  const [acme] = await t.regional.db.select({ c: robots.companyId }).from(robots).where(eq(robots.id, twin));
  const [soloCo] = await t.regional.db
    .select({ c: robots.companyId })
    .from(robots)
    .where(eq(robots.id, soloTwin));
  const a = acme?.c as string;
  const s = soloCo?.c as string;
  // Acme's Twin on d1: offline until 09:00, working 09–11, a lidar fault 11:00–11:30, idle after.
  await insertIntervals(t.regional.db, [
    ...piece(twin, a, 'working', d1, 9, 11),
    {
      companyId: a,
      robotId: twin,
      buildingId: null,
      state: 'error',
      startedAt: at(d1, 11),
      endedAt: at(d1, 11.5),
      errorCodes: ['lidarFault'],
    },
    {
      companyId: a,
      robotId: twin,
      buildingId: null,
      state: 'idle',
      startedAt: at(d1, 11.5),
      endedAt: at(d1, 12),
      errorCodes: [],
    },
    ...piece(twin, a, 'idle', d1, 12, 24),
    ...piece(twin, a, 'idle', d2, 0, 12),
    ...piece(twin, a, 'working', d2, 12, 13),
    ...piece(twin, a, 'idle', d2, 13, 24),
    // Solo Café's Twin works all day: none of it is Acme's.
    ...piece(soloTwin, s, 'working', d1, 8, 18),
  ]);
  failedTask = randomUUID();
  await insertTasks(t.regional.db, [
    task(twin, a, { startedAt: at(d1, 9), endedAt: at(d1, 10), distanceM: 500 }),
    task(twin, a, {
      type: 'clean',
      startedAt: at(d1, 10),
      endedAt: at(d1, 11),
      distanceM: 300,
      plannedAreaM2: 400,
      cleanedAreaM2: 380,
    }),
    task(twin, a, {
      orderId: 'the-failed-one',
      type: 'call',
      result: 'failed',
      startedAt: at(d1, 11),
      endedAt: at(d1, 11.5),
      distanceM: 100,
      liftRides: 1,
      liftWaitS: 30,
      interventions: 1,
      errorCodes: ['lidarFault'],
    }),
    ...Array.from({ length: 5 }, (_, i) =>
      task(soloTwin, s, { startedAt: at(d1, 9 + i), endedAt: at(d1, 10 + i), distanceM: 1000 }),
    ),
  ]);
  await insertErrors(t.regional.db, [
    {
      id: randomUUID(),
      companyId: a,
      robotId: twin,
      buildingId: null,
      code: 'lidarFault',
      level: 'FATAL',
      description: 'Laser scanner not responding',
      startedAt: at(d1, 11),
      endedAt: at(d1, 11.5),
    },
  ]);
  // The company works 08:00–18:00 from d1 on.
  const cal = await call(t.app, 'saveAnalysisSetting', {
    token: owner,
    body: {
      kind: 'calendar',
      scope: { kind: 'company', id: null },
      effectiveFrom: d1,
      value: {
        weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
          weekday,
          windows: [{ from: '08:00', to: '18:00' }],
        })),
        closedDays: [],
      },
    },
  });
  expect(cal.status, cal.body.info).toBe(200);
  await t.app.analysis.run();
  const list = await call(t.app, 'analysisTasks', {
    token: owner,
    body: { pageIndex: 1, pageLength: 10, requestData: { scope: filter(), outcomes: ['failed'] } },
  });
  failedTask = list.body.data.list[0]?.id ?? 'missing';
}, 60_000);
afterAll(() => t.close());

describe('ANALYSIS-FIGURES: KPI cards from the roll-up', () => {
  it('adds up the day: tasks, success, distance, working time, availability and utilisation against the calendar', async () => {
    const res = await call(t.app, 'analysisSummary', { token: owner, body: filter() });
    expect(res.status, res.body.info).toBe(200);
    const v = Object.fromEntries(res.body.data.cards.map((c) => [c.id, c.value]));
    expect(res.body.data).toMatchObject({ robots: 1, hasData: true, previousPeriod: null });
    expect(v.tasksDone).toBe(2);
    expect(v.successRate).toBeCloseTo(2 / 3, 9);
    expect(v.distance).toBe(900);
    expect(v.workingHours).toBe(7200);
    // Scheduled 08–18 = 10 h; down: offline 08–09 and the fault's half hour.
    expect(v.availability).toBeCloseTo(8.5 / 10, 9);
    expect(v.utilisation).toBeCloseTo(0.2, 9);
    expect(v.cleanedArea).toBe(380);
    expect(v.coverage).toBeCloseTo(0.95, 9);
    expect(v.tasksPerHour).toBeCloseTo(1, 9);
    expect(v.areaPerHour).toBeCloseTo(380, 9);
    expect(v.errors).toBe(1);
    expect(v.mtbf).toBe(7200);
    expect(v.mttr).toBe(1800);
    expect(v.interventionsPer100).toBeCloseTo(100 / 3, 9);
    expect(v).toMatchObject({ activeRobots: 1, liftRides: 1, liftWait: 30, calls: 1 });
  });

  it('compares with the period before and judges the target the KPI way', async () => {
    await call(t.app, 'saveAnalysisSetting', {
      token: owner,
      body: {
        kind: 'targets',
        scope: { kind: 'building', id: hall },
        effectiveFrom: d1,
        value: { availability: 0.9, mttr: 3600 },
      },
    });
    const res = await call(t.app, 'analysisSummary', {
      token: owner,
      body: filter({ from: d2, to: d2, compare: true }),
    });
    const cards = Object.fromEntries(res.body.data.cards.map((c) => [c.id, c]));
    expect(res.body.data.previousPeriod).toEqual({ from: d1, to: d1 });
    expect(cards.tasksDone).toMatchObject({ value: 0, previous: 2 });
    expect(cards.availability).toMatchObject({ target: 0.9, meetsTarget: true });
    expect(cards.mttr).toMatchObject({ target: 3600, meetsTarget: null }); // no failure on d2: no MTTR to judge
  });
});

describe('ANALYSIS-SCOPE: another company never mixes in', () => {
  it("Acme's figures hold only Acme's Twin; Solo Café's owner sees only theirs", async () => {
    const acme = await call(t.app, 'analysisSummary', {
      token: owner,
      body: filter({ buildingIds: undefined }),
    });
    const tasks = acme.body.data.cards.find((c) => c.id === 'tasksDone');
    // The demo's robots did nothing (no history in API tests): 2 are the Twin's.
    expect(tasks?.value).toBe(2);
    const theirs = await call(t.app, 'analysisSummary', {
      token: solo,
      body: filter({ buildingIds: undefined }),
    });
    expect(theirs.body.data.cards.find((c) => c.id === 'tasksDone')?.value).toBe(5);
    const ranking = await call(t.app, 'analysisRanking', {
      token: owner,
      body: { filter: filter(), by: 'robot' },
    });
    expect(ranking.body.data.rows.map((r) => r.key)).toEqual([twin]);
  });

  it("a filter, drill-down or task naming another company's object answers 404", async () => {
    expect((await call(t.app, 'analysisSummary', { token: solo, body: filter() })).status).toBe(404);
    expect(
      (
        await call(t.app, 'analysisSummary', {
          token: solo,
          body: filter({ buildingIds: undefined, robotIds: [twin] }),
        })
      ).status,
    ).toBe(404);
    expect((await call(t.app, 'analysisTask', { token: solo, params: { id: failedTask } })).status).toBe(404);
    const acme = (await call(t.app, 'analysisOptions', { token: owner })).body.data.companies[0]?.id;
    expect(
      (
        await call(t.app, 'analysisTrend', {
          token: solo,
          body: filter({ buildingIds: undefined, companyIds: [acme] }),
        })
      ).status,
    ).toBe(404);
  });

  it('staff read the figures; only analysis.manage changes the settings', async () => {
    expect((await call(t.app, 'analysisSummary', { token: staff, body: filter() })).status).toBe(200);
    const save = await call(t.app, 'saveAnalysisSetting', {
      token: staff,
      body: { kind: 'targets', scope: { kind: 'company', id: null }, effectiveFrom: d1, value: {} },
    });
    expect(save.status).toBe(403);
  });
});

describe('charts and drill-downs', () => {
  it('trend per day and per hour; week and month buckets start on Monday and the 1st', async () => {
    const days = await call(t.app, 'analysisTrend', { token: owner, body: filter({ from: d1, to: d2 }) });
    expect(days.body.data.buckets.map((b) => [b.start, b.values.tasksDone])).toEqual([
      [d1, 2],
      [d2, 0],
    ]);
    const hours = await call(t.app, 'analysisTrend', { token: owner, body: filter({ granularity: 'hour' }) });
    const byStart = new Map(hours.body.data.buckets.map((b) => [b.start, b.values]));
    expect(hours.body.data.buckets).toHaveLength(24);
    expect(byStart.get(`${d1}T09`)).toMatchObject({ workingHours: 3600, tasksDone: 0, availability: null });
    expect(byStart.get(`${d1}T10`)).toMatchObject({ tasksDone: 1, utilisation: 1 });
    const weeks = await call(t.app, 'analysisTrend', { token: owner, body: filter({ granularity: 'week' }) });
    expect(weeks.body.data.buckets[0]?.start).toBe(addDays(d1, 1 - isoWeekday(d1)));
    const months = await call(t.app, 'analysisTrend', {
      token: owner,
      body: filter({ granularity: 'month' }),
    });
    expect(months.body.data.buckets[0]?.start).toBe(`${d1.slice(0, 7)}-01`);
  });

  it('the heat map puts work and tasks in the local weekday and hour', async () => {
    const res = await call(t.app, 'analysisHeatmap', {
      token: owner,
      body: { from: d1, to: d1, buildingIds: [hall] },
    });
    const cell = (hour: number) =>
      res.body.data.cells.find((c) => c.weekday === isoWeekday(d1) && c.hour === hour);
    expect(res.body.data.cells).toHaveLength(168);
    expect(cell(9)).toMatchObject({ workingS: 3600, tasks: 0 });
    expect(cell(10)).toMatchObject({ workingS: 3600, tasks: 1 });
    expect(cell(11)).toMatchObject({ workingS: 0, tasks: 1 });
  });

  it('the Pareto counts error codes with their downtime; the day timeline shows the states', async () => {
    const pareto = await call(t.app, 'analysisErrors', {
      token: owner,
      body: { from: d1, to: d1, buildingIds: [hall] },
    });
    expect(pareto.body.data).toEqual({
      codes: [{ code: 'lidarFault', count: 1, robots: 1, downtimeS: 1800 }],
      total: 1,
    });
    const states = await call(t.app, 'analysisStates', {
      token: owner,
      body: {
        pageIndex: 1,
        pageLength: 10,
        requestData: { scope: { from: d1, to: d1, buildingIds: [hall] }, date: d1 },
      },
    });
    expect(states.body.data.totalCnt).toBe(1);
    expect(states.body.data.list[0]?.intervals.map((i) => i.state)).toEqual([
      'offline',
      'working',
      'error',
      'idle',
    ]);
  });

  it('drills into the tasks of a heat-map cell and opens one with its errors', async () => {
    const cell = await call(t.app, 'analysisTasks', {
      token: owner,
      body: {
        pageIndex: 1,
        pageLength: 10,
        requestData: { scope: filter(), weekday: isoWeekday(d1), hour: 11 },
      },
    });
    expect(cell.body.data.list.map((x) => x.type).sort()).toEqual(['call', 'clean']);
    const detail = await call(t.app, 'analysisTask', { token: owner, params: { id: failedTask } });
    expect(detail.status, detail.body.info).toBe(200);
    expect(detail.body.data).toMatchObject({
      robotName: 'Twin',
      buildingName: 'Analysis Hall',
      timeZone: ZONE,
      outcome: 'failed',
      durationS: 1800,
      liftRides: 1,
      errorCodes: ['lidarFault'],
    });
    expect(detail.body.data.errors[0]).toMatchObject({ code: 'lidarFault', level: 'FATAL' });
    expect(detail.body.data.states.map((s) => s.state)).toEqual(['error']);
  });
});

describe('ANALYSIS-EXPORT: the file holds the rows the screen shows', () => {
  const exportBody = (over: Record<string, unknown>) => ({
    content: 'ranking',
    format: 'csv',
    language: 'en',
    units: 'metric',
    filter: filter(),
    by: 'robot',
    ...over,
  });

  it("the ranking's CSV has a BOM, the units in its header and the ranking's values", async () => {
    const ranking = await call(t.app, 'analysisRanking', {
      token: owner,
      body: { filter: filter(), by: 'robot' },
    });
    const res = await call(t.app, 'exportAnalysis', { token: owner, body: exportBody({}) });
    expect(res.status).toBe(200);
    expect(res.headers['x-export-rows']).toBe('1');
    const text = String(res.body);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, row] = text
      .slice(1)
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    const col = (name: string) => row?.[header?.indexOf(name) ?? -1];
    expect(col('Robot')).toBe('Twin');
    expect(Number(col('Distance (km)'))).toBe((ranking.body.data.rows[0]?.values.distance ?? 0) / 1000);
    expect(Number(col('Availability (%)'))).toBe(85);
    expect(Number(col('Tasks done'))).toBe(ranking.body.data.rows[0]?.values.tasksDone);
  });

  it('in Chinese and imperial units the same figures are named and converted', async () => {
    const res = await call(t.app, 'exportAnalysis', {
      token: owner,
      body: exportBody({ language: 'zh', units: 'imperial' }),
    });
    const [header, row] = String(res.body)
      .slice(1)
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    const mi = row?.[header?.indexOf('行驶距离 (mi)') ?? -1];
    expect(Number(mi)).toBeCloseTo(900 / 1609.344, 3);
  });

  it("the raw tasks' XLSX reads back with every task of the filter", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/opt/v1/analysis/export',
      headers: { token: owner },
      payload: exportBody({ content: 'tasks', format: 'xlsx' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const rows = (sheet?.getSheetValues() ?? []).filter(Boolean) as unknown[][];
    expect(rows[0]?.slice(1, 3)).toEqual(['Robot', 'Building']);
    expect(rows.length - 1).toBe(Number(res.headers['x-export-rows']));
    expect(
      rows
        .slice(1)
        .map((r) => r[4])
        .sort(),
    ).toEqual(['call', 'cleaning', 'delivery']);
  });

  it('a value a spreadsheet would run as a formula is written as text', async () => {
    await call(t.app, 'editRobot', { token: owner, body: { id: twin, name: '=HYPERLINK("x")' } });
    const res = await call(t.app, 'exportAnalysis', { token: owner, body: exportBody({}) });
    expect(String(res.body)).toContain(`"'=HYPERLINK(""x"")"`);
    await call(t.app, 'editRobot', { token: owner, body: { id: twin, name: 'Twin' } });
  });
});

describe('ANALYSIS-SETTINGS: changes take effect from their date; late facts rebuild their day', () => {
  it('a calendar from d2 changes d2 and leaves d1 as it was', async () => {
    const before = await card(owner, 'utilisation', { from: d2, to: d2 });
    expect(before?.value).toBeCloseTo(0.1, 9); // 1 h of 10
    const save = await call(t.app, 'saveAnalysisSetting', {
      token: owner,
      body: {
        kind: 'calendar',
        scope: { kind: 'building', id: hall },
        effectiveFrom: d2,
        value: {
          weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
            weekday,
            windows: [{ from: '09:00', to: '17:00' }],
          })),
          closedDays: [],
        },
      },
    });
    expect(save.status, save.body.info).toBe(200);
    await t.app.analysis.run();
    expect((await card(owner, 'utilisation', { from: d2, to: d2 }))?.value).toBeCloseTo(1 / 8, 9);
    expect((await card(owner, 'utilisation')).value).toBeCloseTo(0.2, 9);
  });

  it('a task written late for a past day is counted once the roll-up runs', async () => {
    const [row] = await t.regional.db.select({ c: robots.companyId }).from(robots).where(eq(robots.id, twin));
    await insertTasks(t.regional.db, [
      task(twin, row?.c as string, { startedAt: at(d1, 14), endedAt: at(d1, 15), distanceM: 50 }),
    ]);
    await t.app.analysis.run();
    expect((await card(owner, 'tasksDone'))?.value).toBe(3);
  });

  it('a recompute rebuilds every day from its date, and an excluded robot leaves the figures', async () => {
    const ex = await call(t.app, 'saveAnalysisSetting', {
      token: owner,
      body: {
        kind: 'exclusions',
        scope: { kind: 'company', id: null },
        effectiveFrom: d2,
        value: { robotIds: [twin], buildingIds: [] },
      },
    });
    expect(ex.status, ex.body.info).toBe(200);
    const again = await call(t.app, 'recomputeAnalysis', { token: owner, body: { from: d1 } });
    expect(again.status).toBe(200);
    expect(again.body.data.robotDays).toBeGreaterThan(0);
    await t.app.analysis.run();
    expect(
      (await call(t.app, 'analysisSummary', { token: owner, body: filter({ from: d2, to: d2 }) })).body.data
        .robots,
    ).toBe(0);
    expect((await card(owner, 'tasksDone'))?.value).toBe(3); // d1 is before the exclusion
  });
});

describe('bad input gets the field and the reason', () => {
  it.each([
    ['the last day before the first', { from: '2026-03-05', to: '2026-03-01' }, 'body.to'],
    [
      'hours over more than 31 days',
      { from: '2026-01-01', to: '2026-03-01', granularity: 'hour' },
      'body.to',
    ],
    ['a date that is not one', { from: '2026-02-30' }, 'body.from'],
  ])('%s', async (_what, over, field) => {
    const res = await call(t.app, 'analysisSummary', { token: owner, body: filter(over) });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(field);
  });

  it('a setting on a scope its kind does not allow, or a ratio target above 100 %', async () => {
    const scope = await call(t.app, 'saveAnalysisSetting', {
      token: owner,
      body: {
        kind: 'downtime',
        scope: { kind: 'building', id: hall },
        effectiveFrom: d1,
        value: { errors: 'all', codes: [], offline: true },
      },
    });
    expect(scope.status).toBe(400);
    expect(JSON.stringify(scope.body)).toContain('body.scope.kind');
    const ratio = await call(t.app, 'saveAnalysisSetting', {
      token: owner,
      body: {
        kind: 'targets',
        scope: { kind: 'company', id: null },
        effectiveFrom: d1,
        value: { availability: 95 },
      },
    });
    expect(ratio.status).toBe(400);
    expect(JSON.stringify(ratio.body)).toContain('availability');
  });
});
