import { addDays, localDay, type StateKind, type TaskOutcome, type TaskType } from '@fleet/contract';

/*
 * A plausible past for a robot: the facts (state pieces, tasks, errors) the fleet would have written had the
 * robot worked its shifts. The demo seeds a month of it so /analysis has history on first start, and the bench
 * writes a year of it for a thousand robots. Deterministic: the same robot and seed give the same past.
 */

export type RobotKind = 'courier' | 'cleaner' | 'tug';

export interface PastRobot {
  id: string;
  companyId: string;
  buildingId: string | null;
  timeZone: string;
  kind: RobotKind;
  seed: number;
  /** Maps (floors) it drives on; more than one and some tasks ride a lift. */
  mapIds: readonly string[];
  /** Longer tasks and fewer pieces: a year of a thousand robots stays a few million rows. */
  coarse?: boolean;
}

export interface PastPiece {
  robotId: string;
  companyId: string;
  buildingId: string | null;
  state: StateKind;
  startedAt: Date;
  endedAt: Date;
  errorCodes: string[];
}

export interface PastTask {
  companyId: string;
  robotId: string;
  buildingId: string | null;
  orderId: string;
  type: TaskType;
  startedAt: Date;
  endedAt: Date;
  result: TaskOutcome;
  distanceM: number;
  mapIds: string[];
  plannedAreaM2: number | null;
  cleanedAreaM2: number | null;
  liftRides: number;
  liftWaitS: number;
  interventions: number;
  errorCodes: string[];
}

export interface PastError {
  companyId: string;
  robotId: string;
  buildingId: string | null;
  code: string;
  level: string;
  description: string;
  startedAt: Date;
  endedAt: Date;
}

export interface PastWork {
  pieces: PastPiece[];
  tasks: PastTask[];
  errors: PastError[];
}

type Rng = () => number;

/** mulberry32: small, fast and seedable. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MIN = 60_000;
const HOUR = 60 * MIN;

/** Shifts by kind, in local minutes: [start, end) windows; tugs rest at weekends. */
const SHIFTS: Record<RobotKind, { windows: [number, number][]; weekend: boolean }> = {
  courier: { windows: [[7 * 60, 22 * 60]], weekend: true },
  cleaner: {
    windows: [
      [5 * 60, 9 * 60],
      [19 * 60, 23 * 60],
    ],
    weekend: true,
  },
  tug: { windows: [[6 * 60, 18 * 60]], weekend: false },
};

/** Faults robots report, how often (weight), how bad, and what the robot said. */
const FAULTS = [
  {
    code: 'obstacleBlocked',
    weight: 40,
    level: 'WARNING',
    stops: false,
    text: 'Path blocked by an obstacle',
  },
  { code: 'bumperHit', weight: 18, level: 'WARNING', stops: false, text: 'Bumper pressed' },
  { code: 'wheelSlip', weight: 10, level: 'FATAL', stops: true, text: 'Drive wheel slipping' },
  { code: 'lidarFault', weight: 6, level: 'FATAL', stops: true, text: 'Laser scanner not responding' },
  { code: 'localizationLost', weight: 12, level: 'FATAL', stops: true, text: 'Position lost on the map' },
  { code: 'emergencyStop', weight: 8, level: 'FATAL', stops: true, text: 'Emergency stop pressed' },
  { code: 'liftTimeout', weight: 6, level: 'WARNING', stops: false, text: 'Lift did not arrive in time' },
] as const;

function pick<T extends { weight: number }>(rng: Rng, items: readonly T[]): T {
  const total = items.reduce((a, i) => a + i.weight, 0);
  let r = rng() * total;
  for (const i of items) {
    r -= i.weight;
    if (r <= 0) return i;
  }
  return items[items.length - 1] as T;
}

const between = (rng: Rng, a: number, b: number) => a + (b - a) * rng();

/** The robot's past from local day `from` to `to` (inclusive), nothing after `until`. */
export function pastWork(robot: PastRobot, from: string, to: string, until: number): PastWork {
  const rng = seededRng(robot.seed);
  const out: PastWork = { pieces: [], tasks: [], errors: [] };
  const owner = { companyId: robot.companyId, robotId: robot.id, buildingId: robot.buildingId };
  let orders = 0;
  /** Where the previous day left off: a task may run past midnight. */
  let cursor = 0;

  const addPiece = (state: StateKind, a: number, b: number, codes: string[] = []) => {
    const end = Math.min(b, until);
    // Pieces are cut at the hour, like the recorder cuts long states: a day's facts start an hour before it.
    for (let s = a; s < end; ) {
      const e = Math.min(end, (Math.floor(s / HOUR) + 1) * HOUR);
      const last = out.pieces[out.pieces.length - 1];
      if (
        last &&
        last.state === state &&
        last.endedAt.getTime() === s &&
        e - last.startedAt.getTime() <= HOUR
      ) {
        last.endedAt = new Date(e);
      } else {
        out.pieces.push({ ...owner, state, startedAt: new Date(s), endedAt: new Date(e), errorCodes: codes });
      }
      s = e;
    }
  };

  for (let date = from; date <= to; date = addDays(date, 1)) {
    const day = localDay(date, robot.timeZone);
    if (day.start >= until) break;
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    const shift = SHIFTS[robot.kind];
    // Now and then a robot is switched off for the day, or drops off the network for a while.
    if (rng() < 0.01) {
      addPiece('offline', Math.max(day.start, cursor), day.end);
      cursor = day.end;
      continue;
    }
    const works = !weekend || shift.weekend;
    let t = Math.max(day.start, cursor);
    const windows = works ? shift.windows : [];
    for (const [a, b] of windows) {
      const start = Math.max(t, day.start + a * MIN);
      const end = Math.min(day.end, day.start + b * MIN);
      if (start >= end) continue;
      // Before the shift: charging for up to 90 minutes after the last one, idle otherwise.
      const charge = Math.min(start, t + 90 * MIN);
      addPiece('charging', t, charge);
      addPiece('idle', charge, start);
      t = start;
      const busy = weekend ? 0.55 : 1;
      while (t < end) {
        const gap = between(rng, 2, 14 / busy) * MIN;
        addPiece('idle', t, Math.min(end, t + gap));
        t += gap;
        if (t >= end) break;
        if (rng() < 0.03) {
          const charging = between(rng, 15, 35) * MIN;
          addPiece('charging', t, Math.min(end, t + charging));
          t += charging;
          continue;
        }
        if (rng() < 0.004) {
          const dark = between(rng, 20, 150) * MIN;
          addPiece('offline', t, t + dark);
          t += dark;
          continue;
        }
        const long = robot.coarse ? 3 : 1;
        const minutes =
          robot.kind === 'cleaner'
            ? between(rng, 20, 55)
            : robot.kind === 'tug'
              ? between(rng, 6, 22)
              : between(rng, 4, 18);
        const taskStart = t;
        let taskEnd = t + minutes * long * MIN;
        const fault = rng() < 0.06 ? pick(rng, FAULTS) : null;
        let result: TaskOutcome = 'completed';
        const codes: string[] = [];
        if (fault) {
          const at = taskStart + (taskEnd - taskStart) * between(rng, 0.2, 0.8);
          codes.push(fault.code);
          if (fault.stops) {
            const repair = between(rng, 4, 70) * MIN;
            addPiece('working', taskStart, at);
            addPiece('error', at, at + repair, [fault.code]);
            out.errors.push({
              ...owner,
              code: fault.code,
              level: fault.level,
              description: fault.text,
              startedAt: new Date(at),
              endedAt: new Date(at + repair),
            });
            taskEnd = at + repair;
            result = rng() < 0.7 ? 'failed' : 'cancelled';
          } else {
            const lasts = between(rng, 0.2, 3) * MIN;
            addPiece('working', taskStart, taskEnd);
            out.errors.push({
              ...owner,
              code: fault.code,
              level: fault.level,
              description: fault.text,
              startedAt: new Date(at),
              endedAt: new Date(at + lasts),
            });
          }
        } else {
          addPiece('working', taskStart, taskEnd);
          const r = rng();
          if (r < 0.025) result = 'cancelled';
          else if (r < 0.05) result = 'partial';
        }
        t = taskEnd;
        if (taskEnd > until) break;
        const seconds = (taskEnd - taskStart) / 1000;
        const type: TaskType =
          robot.kind === 'cleaner'
            ? 'clean'
            : robot.kind === 'tug'
              ? rng() < 0.9
                ? 'deliver'
                : 'cruise'
              : ((r) => (r < 0.62 ? 'deliver' : r < 0.88 ? 'call' : 'cruise'))(rng());
        const rides = robot.mapIds.length > 1 && type !== 'clean' && rng() < 0.35 ? 1 : 0;
        const planned = type === 'clean' ? Math.round(seconds * between(rng, 0.3, 0.4)) : null;
        const cleaned =
          planned === null
            ? null
            : Math.round(planned * (result === 'completed' ? between(rng, 0.93, 1) : between(rng, 0.3, 0.8)));
        const mapIds = robot.mapIds.length
          ? [robot.mapIds[Math.floor(rng() * robot.mapIds.length)] as string]
          : [];
        if (rides && robot.mapIds.length > 1)
          mapIds.push(robot.mapIds.find((m) => m !== mapIds[0]) as string);
        out.tasks.push({
          ...owner,
          orderId: `past-${robot.id.slice(0, 8)}-${++orders}`,
          type,
          startedAt: new Date(taskStart),
          endedAt: new Date(taskEnd),
          result,
          distanceM: Math.round(seconds * between(rng, 0.35, 0.75) * 10) / 10,
          mapIds,
          plannedAreaM2: planned,
          cleanedAreaM2: cleaned,
          liftRides: rides,
          liftWaitS: rides ? Math.round(between(rng, 12, 110)) : 0,
          interventions: rng() < 0.04 ? 1 : 0,
          errorCodes: codes,
        });
      }
      t = Math.max(t, end);
    }
    const charge = Math.min(day.end, t + 90 * MIN);
    addPiece('charging', t, charge);
    addPiece('idle', charge, day.end);
    cursor = Math.max(t, day.end);
  }
  return out;
}
