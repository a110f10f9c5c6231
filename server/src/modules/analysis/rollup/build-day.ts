import {
  ADDITIVE_FIELDS,
  type AdditiveField,
  type DowntimeRules,
  HOURS_PER_DAY,
  type LocalDay,
  type ShiftCalendar,
  type StateKind,
  type TaskOutcome,
  type TaskType,
} from '@fleet/contract';
import { mergeSpans, overlapMs, type Span, scheduledSpans } from './scheduled-time.js';

/* One robot's day, added up from its facts: the pure heart of the roll-up (and of the bench's check). */

export interface IntervalFact {
  state: StateKind;
  startedAt: number;
  endedAt: number;
  errorCodes: readonly string[];
}

export interface TaskFact {
  type: TaskType;
  result: TaskOutcome;
  startedAt: number;
  endedAt: number;
  distanceM: number;
  plannedAreaM2: number | null;
  cleanedAreaM2: number | null;
  liftRides: number;
  liftWaitS: number;
  interventions: number;
}

export interface ErrorFact {
  code: string;
  startedAt: number;
}

export interface DayInput {
  day: LocalDay;
  /** Before this the robot did not exist for analysis (its registration or its first fact). */
  knownSince: number;
  /** After this nothing is known yet (now, for today). */
  until: number;
  /** Sorted by start; may include the piece just before the day (for episodes that continue). */
  intervals: readonly IntervalFact[];
  /** Tasks that ended in the day. */
  tasks: readonly TaskFact[];
  /** Errors that began in the day. */
  errors: readonly ErrorFact[];
  calendar: ShiftCalendar;
  downtime: DowntimeRules;
}

export type DayFigures = Record<AdditiveField, number> & {
  active: boolean;
  complete: boolean;
  workingByHour: number[];
  completedByHour: number[];
  scheduledByHour: number[];
  scheduledWorkingByHour: number[];
  /** Tasks of every outcome by the local hour they ended in: the drill-down's total for an hour. */
  tasksByHour: number[];
  errorsByCode: Map<string, { count: number; downtimeS: number }>;
};

const STATE_FIELD: Record<StateKind, AdditiveField> = {
  working: 'workingS',
  idle: 'idleS',
  charging: 'chargingS',
  paused: 'pausedS',
  error: 'errorS',
  offline: 'offlineS',
};

/** Whether time in this state costs scheduled time under the rules. */
export function isDowntime(state: StateKind, codes: readonly string[], rules: DowntimeRules): boolean {
  if (state === 'offline') return rules.offline;
  if (state !== 'error') return false;
  return rules.errors === 'all' || codes.some((c) => rules.codes.includes(c));
}

/** A failure: an error state that counts as downtime (going offline is not a failure of the robot). */
const isFailure = (p: IntervalFact, rules: DowntimeRules) =>
  p.state === 'error' && isDowntime('error', p.errorCodes, rules);

const hours = () => new Array<number>(HOURS_PER_DAY).fill(0);

/** The robot's time in the day as disjoint pieces; what no piece covers is offline (nothing was heard). */
function pieces(input: DayInput, from: number, to: number): IntervalFact[] {
  const out: IntervalFact[] = [];
  let cursor = from;
  for (const p of input.intervals) {
    const start = Math.max(p.startedAt, cursor);
    const end = Math.min(p.endedAt, to);
    if (end <= start) continue;
    if (start > cursor) out.push({ state: 'offline', startedAt: cursor, endedAt: start, errorCodes: [] });
    out.push({ ...p, startedAt: start, endedAt: end });
    cursor = end;
  }
  if (cursor < to) out.push({ state: 'offline', startedAt: cursor, endedAt: to, errorCodes: [] });
  return out;
}

/** Adds `ms` of [a, b) to each local hour it covers. */
function addByHour(target: number[], day: LocalDay, a: number, b: number, within?: readonly Span[]) {
  for (const h of day.hours) {
    if (h.start >= b) break;
    const span = { start: Math.max(a, h.start), end: Math.min(b, h.end) };
    if (span.end <= span.start) continue;
    const ms = within ? overlapMs(span, within) : span.end - span.start;
    target[h.hour] = (target[h.hour] ?? 0) + ms / 1000;
  }
}

function localHourOf(day: LocalDay, at: number): number | null {
  for (const h of day.hours) if (at >= h.start && at < h.end) return h.hour;
  return null;
}

export function buildDay(input: DayInput): DayFigures {
  const { day, downtime } = input;
  const from = Math.max(day.start, Math.min(input.knownSince, day.end));
  const to = Math.max(from, Math.min(day.end, input.until));
  const f = {} as DayFigures;
  for (const k of ADDITIVE_FIELDS) f[k] = 0;
  f.workingByHour = hours();
  f.completedByHour = hours();
  f.scheduledByHour = hours();
  f.scheduledWorkingByHour = hours();
  f.tasksByHour = hours();
  f.errorsByCode = new Map();
  const code = (c: string) => {
    const known = f.errorsByCode.get(c);
    if (known) return known;
    const e = { count: 0, downtimeS: 0 };
    f.errorsByCode.set(c, e);
    return e;
  };

  const scheduled = mergeSpans(
    scheduledSpans(input.calendar, day).map((s) => ({
      start: Math.max(s.start, from),
      end: Math.min(s.end, to),
    })),
  );
  for (const s of scheduled) {
    f.scheduledS += (s.end - s.start) / 1000;
    addByHour(f.scheduledByHour, day, s.start, s.end);
  }

  // The piece just before the day says whether an episode (a failure, a charge) was already under way.
  const before = [...input.intervals].reverse().find((p) => p.startedAt < from && p.endedAt > from - 1000);
  let previous: IntervalFact | null = before ? { ...before, endedAt: Math.min(before.endedAt, from) } : null;
  for (const p of pieces(input, from, to)) {
    const seconds = (p.endedAt - p.startedAt) / 1000;
    const inSchedule = overlapMs({ start: p.startedAt, end: p.endedAt }, scheduled) / 1000;
    f[STATE_FIELD[p.state]] += seconds;
    const down = isDowntime(p.state, p.errorCodes, downtime);
    if (down) f.downtimeS += inSchedule;
    if (p.state === 'working') {
      f.scheduledWorkingS += inSchedule;
      addByHour(f.workingByHour, day, p.startedAt, p.endedAt);
      addByHour(f.scheduledWorkingByHour, day, p.startedAt, p.endedAt, scheduled);
    }
    const joined = previous !== null && previous.endedAt >= p.startedAt - 1000;
    if (isFailure(p, downtime)) {
      f.repairS += seconds;
      if (!(joined && previous && isFailure(previous, downtime))) f.failures++;
      for (const c of p.errorCodes) code(c).downtimeS += inSchedule;
    }
    if (p.state === 'charging' && !(joined && previous?.state === 'charging')) f.chargeSessions++;
    previous = p;
  }

  for (const t of input.tasks) {
    f.tasks++;
    f[t.result]++;
    if (t.type === 'call') f.calls++;
    f.distanceM += t.distanceM;
    f.plannedAreaM2 += t.plannedAreaM2 ?? 0;
    f.cleanedAreaM2 += t.cleanedAreaM2 ?? 0;
    if (t.type === 'clean') f.cleaningS += (t.endedAt - t.startedAt) / 1000;
    f.interventions += t.interventions;
    f.liftRides += t.liftRides;
    f.liftWaitS += t.liftWaitS;
    const hour = localHourOf(day, t.endedAt);
    if (hour !== null) {
      f.tasksByHour[hour] = (f.tasksByHour[hour] ?? 0) + 1;
      if (t.result === 'completed') f.completedByHour[hour] = (f.completedByHour[hour] ?? 0) + 1;
    }
  }
  for (const e of input.errors) {
    f.errors++;
    code(e.code).count++;
  }
  f.active = f.workingS > 0 || f.tasks > 0;
  f.complete = input.until >= day.end;
  return f;
}
