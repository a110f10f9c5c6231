import type { Totals } from './totals.js';

/*
 * The figures of /analysis, each a formula over Totals. The server computes them for the cards, the trend, the
 * ranking and the reports; the console shows each formula (translated) in its card's tooltip. A figure whose
 * denominator is zero is null ("–"), never 0 or 100 %: no scheduled time has no availability.
 */

/** How a figure is shown: the console formats each kind, lengths and areas through the units module. */
export const KPI_KINDS = [
  'count',
  'ratio',
  'distance',
  'area',
  'duration',
  'perHour',
  'areaPerHour',
] as const;
export type KpiKind = (typeof KPI_KINDS)[number];

export const KPI_IDS = [
  'tasksDone',
  'successRate',
  'distance',
  'workingHours',
  'availability',
  'utilisation',
  'cleanedArea',
  'coverage',
  'tasksPerHour',
  'areaPerHour',
  'errors',
  'mtbf',
  'mttr',
  'interventionsPer100',
  'activeRobots',
  'liftRides',
  'liftWait',
  'calls',
] as const;
export type KpiId = (typeof KPI_IDS)[number];

export interface KpiMeta {
  kind: KpiKind;
  /** Which way is good: a change or a target is judged by it. */
  better: 'higher' | 'lower';
}

export const KPI_META: Record<KpiId, KpiMeta> = {
  tasksDone: { kind: 'count', better: 'higher' },
  successRate: { kind: 'ratio', better: 'higher' },
  distance: { kind: 'distance', better: 'higher' },
  workingHours: { kind: 'duration', better: 'higher' },
  availability: { kind: 'ratio', better: 'higher' },
  utilisation: { kind: 'ratio', better: 'higher' },
  cleanedArea: { kind: 'area', better: 'higher' },
  coverage: { kind: 'ratio', better: 'higher' },
  tasksPerHour: { kind: 'perHour', better: 'higher' },
  areaPerHour: { kind: 'areaPerHour', better: 'higher' },
  errors: { kind: 'count', better: 'lower' },
  mtbf: { kind: 'duration', better: 'higher' },
  mttr: { kind: 'duration', better: 'lower' },
  interventionsPer100: { kind: 'count', better: 'lower' },
  activeRobots: { kind: 'count', better: 'higher' },
  liftRides: { kind: 'count', better: 'higher' },
  liftWait: { kind: 'duration', better: 'lower' },
  calls: { kind: 'count', better: 'higher' },
};

/** The figures a trend bucket can show: those that mean something per hour (counts and sums of time). */
export const HOURLY_KPIS = ['tasksDone', 'workingHours', 'utilisation'] as const satisfies readonly KpiId[];

const ratio = (num: number, den: number): number | null => (den > 0 ? num / den : null);

/** Every figure from the sums; ratios in 0..1, durations in seconds, lengths in metres, areas in m². */
export function kpiValues(t: Totals): Record<KpiId, number | null> {
  return {
    tasksDone: t.completed,
    successRate: ratio(t.completed, t.completed + t.partial + t.failed),
    distance: t.distanceM,
    workingHours: t.workingS,
    availability: ratio(t.scheduledS - t.downtimeS, t.scheduledS),
    utilisation: ratio(t.scheduledWorkingS, t.scheduledS),
    cleanedArea: t.cleanedAreaM2,
    coverage: ratio(t.cleanedAreaM2, t.plannedAreaM2),
    tasksPerHour: ratio(t.completed, t.workingS / 3600),
    areaPerHour: ratio(t.cleanedAreaM2, t.cleaningS / 3600),
    errors: t.errors,
    mtbf: ratio(t.workingS, t.failures),
    mttr: ratio(t.repairS, t.failures),
    interventionsPer100: ratio(t.interventions * 100, t.tasks),
    activeRobots: t.activeRobots,
    liftRides: t.liftRides,
    liftWait: ratio(t.liftWaitS, t.liftRides),
    calls: t.calls,
  };
}

/**
 * Whether a value meets its target, judged the KPI's way; null when either is missing. Equal meets it.
 */
export function meetsTarget(
  id: KpiId,
  value: number | null,
  target: number | null | undefined,
): boolean | null {
  if (value === null || target === null || target === undefined) return null;
  return KPI_META[id].better === 'higher' ? value >= target : value <= target;
}
