/*
 * What a robot did, added up: the sums every figure of /analysis is computed from. A day's roll-up of one robot
 * holds them, and so does any sum of roll-ups (a building's week, the fleet's year): every field adds. The
 * figures themselves (kpis.ts) are ratios of these sums, never averages of averages.
 */

/** How a task ended. `partial`: stopped before it was done (another order took over, or less was cleaned). */
export const TASK_OUTCOMES = ['completed', 'partial', 'cancelled', 'failed'] as const;
export type TaskOutcome = (typeof TASK_OUTCOMES)[number];

/** What a task was for: the console or an app sent it (deliver), a mini device called it, it cleaned, or it roamed. */
export const TASK_TYPES = ['deliver', 'clean', 'call', 'cruise'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** The states a robot's time is split into; every second of a day is in exactly one. */
export const STATE_KINDS = ['working', 'idle', 'charging', 'paused', 'error', 'offline'] as const;
export type StateKind = (typeof STATE_KINDS)[number];

export const HOURS_PER_DAY = 24;

export interface Totals {
  tasks: number;
  completed: number;
  partial: number;
  cancelled: number;
  failed: number;
  /** Tasks a mini device called. */
  calls: number;
  distanceM: number;
  plannedAreaM2: number;
  cleanedAreaM2: number;
  /** Seconds cleaning tasks ran: the denominator of area per hour. */
  cleaningS: number;
  /** Seconds in each state. */
  workingS: number;
  idleS: number;
  chargingS: number;
  pausedS: number;
  errorS: number;
  offlineS: number;
  /** Seconds the shift calendar schedules. */
  scheduledS: number;
  /** Scheduled seconds spent working. */
  scheduledWorkingS: number;
  /** Scheduled seconds lost to downtime (errors that count, and offline when it counts). */
  downtimeS: number;
  /** Error events that began. */
  errors: number;
  /** Downtime episodes that began: the failures of mean time between failures. */
  failures: number;
  /** Seconds those episodes lasted, to their end: the repairs of mean time to repair. */
  repairS: number;
  interventions: number;
  liftRides: number;
  liftWaitS: number;
  chargeSessions: number;
  /** Robots with any working time or task: counted per robot, so it does not add across days (see kpis.ts). */
  activeRobots: number;
  /** Robots in scope. */
  robots: number;
}

/** The fields that add across robots and days (all but the two robot counts). */
export const ADDITIVE_FIELDS = [
  'tasks',
  'completed',
  'partial',
  'cancelled',
  'failed',
  'calls',
  'distanceM',
  'plannedAreaM2',
  'cleanedAreaM2',
  'cleaningS',
  'workingS',
  'idleS',
  'chargingS',
  'pausedS',
  'errorS',
  'offlineS',
  'scheduledS',
  'scheduledWorkingS',
  'downtimeS',
  'errors',
  'failures',
  'repairS',
  'interventions',
  'liftRides',
  'liftWaitS',
  'chargeSessions',
] as const satisfies readonly (keyof Totals)[];
export type AdditiveField = (typeof ADDITIVE_FIELDS)[number];

export function emptyTotals(): Totals {
  const t = { activeRobots: 0, robots: 0 } as Totals;
  for (const f of ADDITIVE_FIELDS) t[f] = 0;
  return t;
}

/** Adds `b`'s additive fields into `a` (robot counts are left to the caller, who knows which robots they are). */
export function addTotals(a: Totals, b: Readonly<Partial<Totals>>): Totals {
  for (const f of ADDITIVE_FIELDS) a[f] += b[f] ?? 0;
  return a;
}
