import {
  addDays,
  DEFAULT_DOWNTIME,
  type DowntimeRules,
  isoWeekday,
  localDay,
  ROUND_THE_CLOCK,
  type ShiftCalendar,
  STATE_KINDS,
  type StateKind,
  wallClockAt,
} from '@fleet/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDay, type DayInput, type IntervalFact, isDowntime, type TaskFact } from './build-day.js';

const MIN = 60_000;
const H = 60 * MIN;
const BERLIN = 'Europe/Berlin';
const OFFICE: ShiftCalendar = {
  weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, windows: [{ from: '08:00', to: '18:00' }] })),
  closedDays: [],
};

function day(date: string, timeZone: string, over: Partial<DayInput> = {}): DayInput {
  const d = localDay(date, timeZone);
  return {
    day: d,
    knownSince: 0,
    until: Number.POSITIVE_INFINITY,
    intervals: [],
    tasks: [],
    errors: [],
    calendar: ROUND_THE_CLOCK,
    downtime: DEFAULT_DOWNTIME,
    ...over,
  };
}

const piece = (state: StateKind, start: number, end: number, errorCodes: string[] = []): IntervalFact => ({
  state,
  startedAt: start,
  endedAt: end,
  errorCodes,
});

const task = (over: Partial<TaskFact>): TaskFact => ({
  type: 'deliver',
  result: 'completed',
  startedAt: 0,
  endedAt: 0,
  distanceM: 0,
  plannedAreaM2: null,
  cleanedAreaM2: null,
  liftRides: 0,
  liftWaitS: 0,
  interventions: 0,
  ...over,
});

describe('ANALYSIS-ROLLUP: a robot day (KPI formulas on hand-made records)', () => {
  it('a robot offline all day is down for all its scheduled time', () => {
    const f = buildDay(day('2026-03-04', BERLIN, { calendar: OFFICE }));
    expect(f.offlineS).toBe(86_400);
    expect(f.scheduledS).toBe(10 * 3600);
    expect(f.downtimeS).toBe(10 * 3600);
    expect(f.active).toBe(false);
  });

  it('offline that does not count leaves the schedule available', () => {
    const f = buildDay(
      day('2026-03-04', BERLIN, { calendar: OFFICE, downtime: { ...DEFAULT_DOWNTIME, offline: false } }),
    );
    expect(f.downtimeS).toBe(0);
  });

  it('the fall-back day in Berlin has 25 hours, its 02:00 hour two', () => {
    const d = day('2026-10-25', BERLIN);
    const f = buildDay(d);
    expect(f.offlineS).toBe(25 * 3600);
    expect(f.scheduledByHour[2]).toBe(7200);
  });

  it('the spring-forward day in New York has 23 hours and no 02:00', () => {
    const d = day('2026-03-08', 'America/New_York');
    const start = d.day.start;
    const f = buildDay({ ...d, intervals: [piece('working', start, start + 23 * H)] });
    expect(f.workingS).toBe(23 * 3600);
    expect(f.workingByHour[2]).toBe(0);
    expect(f.workingByHour[3]).toBe(3600);
  });

  it('a piece crossing midnight is split between the two days', () => {
    const d1 = day('2026-03-04', BERLIN);
    const midnight = d1.day.end;
    const work = [piece('working', midnight - 30 * MIN, midnight + 45 * MIN)];
    expect(buildDay({ ...d1, intervals: work }).workingS).toBe(1800);
    expect(buildDay({ ...day('2026-03-05', BERLIN), intervals: work }).workingS).toBe(2700);
  });

  it('a night shift crossing midnight schedules both days, and a closed day keeps the tail of the night before', () => {
    const night: ShiftCalendar = {
      weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
        weekday,
        windows: [{ from: '22:00', to: '06:00' }],
      })),
      closedDays: ['2026-03-05'],
    };
    expect(buildDay(day('2026-03-04', BERLIN, { calendar: night })).scheduledS).toBe(8 * 3600);
    // The 5th is closed: it keeps 00:00–06:00 of the 4th's shift, and starts none of its own.
    expect(buildDay(day('2026-03-05', BERLIN, { calendar: night })).scheduledS).toBe(6 * 3600);
    expect(buildDay(day('2026-03-06', BERLIN, { calendar: night })).scheduledS).toBe(2 * 3600);
  });

  it('a task spanning days counts on the day it ended; cleaning time and area go with it', () => {
    const d2 = day('2026-03-05', BERLIN);
    const t = task({
      type: 'clean',
      startedAt: d2.day.start - H,
      endedAt: d2.day.start + H,
      plannedAreaM2: 500,
      cleanedAreaM2: 450,
      distanceM: 1200,
    });
    const f = buildDay({ ...d2, tasks: [t] });
    expect(f).toMatchObject({
      tasks: 1,
      completed: 1,
      cleaningS: 7200,
      cleanedAreaM2: 450,
      plannedAreaM2: 500,
    });
    expect(f.completedByHour[1]).toBe(1);
  });

  it('errors that count are failures with their repair time; an episode spanning midnight is one failure, on its first day', () => {
    const d1 = day('2026-03-04', BERLIN);
    const m = d1.day.end;
    const facts = [
      piece('working', m - 3 * H, m - 2 * H),
      piece('error', m - 2 * H, m - H, ['estop']),
      piece('error', m - H, m + H, ['estop', 'bumper']),
      piece('idle', m + H, m + 2 * H),
    ];
    const first = buildDay({ ...d1, intervals: facts });
    const second = buildDay({ ...day('2026-03-05', BERLIN), intervals: facts });
    expect(first.failures).toBe(1);
    expect(second.failures).toBe(0);
    expect(first.repairS + second.repairS).toBe(3 * 3600);
    expect(first.errorsByCode.get('estop')?.downtimeS).toBe(7200);
  });

  it('only listed codes count as downtime when the company says so', () => {
    const rules: DowntimeRules = { errors: 'listed', codes: ['estop'], offline: true };
    expect(isDowntime('error', ['bumper'], rules)).toBe(false);
    expect(isDowntime('error', ['bumper', 'estop'], rules)).toBe(true);
    const d = day('2026-03-04', BERLIN, { downtime: rules });
    const s = d.day.start;
    const f = buildDay({
      ...d,
      intervals: [piece('error', s, s + H, ['bumper']), piece('idle', s + H, d.day.end)],
    });
    expect(f).toMatchObject({ errorS: 3600, downtimeS: 0, failures: 0 });
  });

  it('today is counted up to now: no offline time and no schedule after it', () => {
    const d = day('2026-03-04', BERLIN);
    const now = d.day.start + 10 * H;
    const f = buildDay({ ...d, until: now, intervals: [piece('idle', d.day.start, now - H)] });
    expect(f).toMatchObject({ idleS: 9 * 3600, offlineS: 3600, scheduledS: 10 * 3600, complete: false });
  });

  it('a robot registered at noon is not offline in the morning', () => {
    const d = day('2026-03-04', BERLIN);
    const f = buildDay({ ...d, knownSince: d.day.start + 12 * H });
    expect(f.offlineS).toBe(12 * 3600);
  });

  it('separate charges are separate sessions; a charge going on from yesterday is not a new one', () => {
    const d = day('2026-03-04', BERLIN);
    const s = d.day.start;
    const f = buildDay({
      ...d,
      intervals: [
        piece('charging', s - H, s),
        piece('charging', s, s + H),
        piece('working', s + H, s + 2 * H),
        piece('charging', s + 2 * H, s + 3 * H),
      ],
    });
    expect(f.chargeSessions).toBe(1);
  });
});

/* The roll-up against a plain minute-by-minute count of the same random facts. */

const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Shanghai', 'Australia/Lord_Howe'];
const CALENDARS: ShiftCalendar[] = [
  ROUND_THE_CLOCK,
  OFFICE,
  {
    weekly: [1, 3, 6].map((weekday) => ({
      weekday,
      windows: [
        { from: '21:30', to: '05:15' },
        { from: '10:00', to: '12:00' },
      ],
    })),
    closedDays: ['2026-10-26'],
  },
];

function scheduledAt(cal: ShiftCalendar, c: { date: string; minute: number }): boolean {
  const prev = addDays(c.date, -1);
  const mins = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  const open = (date: string) =>
    cal.closedDays.includes(date)
      ? []
      : (cal.weekly.find((w) => w.weekday === isoWeekday(date))?.windows ?? []);
  for (const w of open(c.date)) {
    const a = mins(w.from);
    const b = mins(w.to);
    if (b > a ? c.minute >= a && c.minute < b : c.minute >= a) return true;
  }
  for (const w of open(prev)) {
    const a = mins(w.from);
    const b = mins(w.to);
    if (b <= a && c.minute < b) return true;
  }
  return false;
}

describe('ANALYSIS-ROLLUP: roll-ups equal the raw computation on random data', () => {
  it('state time, schedule, downtime, failures and repairs over three days', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.constantFrom(...CALENDARS),
        fc.constantFrom('2026-10-24', '2026-03-07', '2026-04-04'),
        fc.array(
          fc.record({
            minutes: fc.integer({ min: 1, max: 600 }),
            gap: fc.integer({ min: 0, max: 120 }),
            state: fc.constantFrom(...STATE_KINDS),
            codes: fc.subarray(['estop', 'bumper', 'lost']),
          }),
          { minLength: 1, maxLength: 25 },
        ),
        fc.record({
          errors: fc.constantFrom('all' as const, 'listed' as const),
          codes: fc.subarray(['estop', 'lost']),
          offline: fc.boolean(),
        }),
        (zone, calendar, first, steps, downtime) => {
          const dates = [first, addDays(first, 1), addDays(first, 2)];
          const start = localDay(first, zone).start;
          const end = localDay(dates[2] as string, zone).end;
          const intervals: IntervalFact[] = [];
          let t = start;
          for (const s of steps) {
            t += s.gap * MIN;
            const codes = s.state === 'error' ? s.codes : [];
            intervals.push(piece(s.state, t, Math.min(t + s.minutes * MIN, end), codes));
            t += s.minutes * MIN;
            if (t >= end) break;
          }
          const rolled = dates.map((d) =>
            buildDay({
              ...day(d, zone),
              intervals: intervals.filter((p) => p.startedAt < end),
              calendar,
              downtime,
            }),
          );
          const sum = (
            k:
              | 'workingS'
              | 'offlineS'
              | 'errorS'
              | 'scheduledS'
              | 'scheduledWorkingS'
              | 'downtimeS'
              | 'repairS'
              | 'failures',
          ) => rolled.reduce((a, f) => a + f[k], 0);

          const raw = {
            workingS: 0,
            offlineS: 0,
            errorS: 0,
            scheduledS: 0,
            scheduledWorkingS: 0,
            downtimeS: 0,
            repairS: 0,
            failures: 0,
          };
          let wasFailure = false;
          let quarter = { at: Number.NaN, sched: [] as boolean[] };
          for (let m = start; m < end; m += MIN) {
            // The wall clock is read once a quarter hour (zones move by whole quarters) and stepped within it.
            if (!(m - quarter.at < 15 * MIN)) {
              const c = wallClockAt(new Date(m), zone);
              quarter = {
                at: m,
                sched: Array.from({ length: 15 }, (_, k) =>
                  scheduledAt(calendar, { date: c.date, minute: c.minute + k }),
                ),
              };
            }
            const sched = quarter.sched[(m - quarter.at) / MIN] as boolean;
            const p = intervals.find((x) => x.startedAt <= m && m < x.endedAt);
            const state = p?.state ?? 'offline';
            const codes = p?.errorCodes ?? [];
            if (state === 'working') raw.workingS += 60;
            if (state === 'offline') raw.offlineS += 60;
            if (state === 'error') raw.errorS += 60;
            if (sched) raw.scheduledS += 60;
            if (sched && state === 'working') raw.scheduledWorkingS += 60;
            if (sched && isDowntime(state, codes, downtime)) raw.downtimeS += 60;
            const failure = state === 'error' && isDowntime('error', codes, downtime);
            if (failure) raw.repairS += 60;
            if (failure && !wasFailure) raw.failures++;
            wasFailure = failure;
          }
          for (const k of Object.keys(raw) as (keyof typeof raw)[]) expect(sum(k), k).toBeCloseTo(raw[k], 6);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("tasks by the local hour of their end, as the drill-down's hour reads them, on each day they ended", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.constantFrom('2026-10-24', '2026-03-07', '2026-04-04'),
        fc.array(fc.record({ at: fc.integer({ min: 0, max: 3 * 24 * 60 - 1 }), completed: fc.boolean() }), {
          maxLength: 40,
        }),
        (zone, first, picks) => {
          const dates = [first, addDays(first, 1), addDays(first, 2)];
          const start = localDay(first, zone).start;
          const end = localDay(dates[2] as string, zone).end;
          const tasks = picks
            .map((p) => task({ endedAt: start + p.at * MIN, result: p.completed ? 'completed' : 'failed' }))
            .filter((k) => k.endedAt < end);
          for (const d of dates) {
            const f = buildDay({
              ...day(d, zone),
              tasks: tasks.filter((k) => wallClockAt(new Date(k.endedAt), zone).date === d),
            });
            const all = new Array(24).fill(0);
            const done = new Array(24).fill(0);
            for (const k of tasks) {
              const c = wallClockAt(new Date(k.endedAt), zone);
              if (c.date !== d) continue;
              all[Math.floor(c.minute / 60)]++;
              if (k.result === 'completed') done[Math.floor(c.minute / 60)]++;
            }
            expect(f.tasksByHour, d).toEqual(all);
            expect(f.completedByHour, d).toEqual(done);
            expect(f.tasksByHour.reduce((a, b) => a + b, 0)).toBe(f.tasks);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
