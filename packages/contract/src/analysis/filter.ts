import { z } from 'zod';
import { calendarDate } from '../audio/schedule.js';
import { text } from '../text.js';
import { daysBetween } from './local-days.js';

/*
 * What a figure of /analysis covers. Dates are calendar days on each building's own clock: "yesterday" is
 * midnight to midnight in Shanghai for the Shanghai building and in Berlin for the Berlin one.
 */

export const GRANULARITIES = ['hour', 'day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** Two years and a day: a year compared with the year before fits. */
export const RANGE_DAYS_MAX = 732;
/** Hourly buckets make 24 points a day; more than a month of them is a wall, not a chart. */
export const HOURLY_RANGE_DAYS_MAX = 31;

export const FILTER_COMPANIES_MAX = 50;
export const FILTER_BUILDINGS_MAX = 500;
export const FILTER_ROBOTS_MAX = 2000;
export const FILTER_MODELS_MAX = 100;

const scopeShape = {
  /** The company and, for those who may see them, its subsidiaries; absent: the signed-in company. */
  companyIds: z.array(z.uuid()).min(1).max(FILTER_COMPANIES_MAX).optional(),
  buildingIds: z.array(z.uuid()).max(FILTER_BUILDINGS_MAX).optional(),
  robotIds: z.array(z.uuid()).max(FILTER_ROBOTS_MAX).optional(),
  models: z
    .array(text({ min: 1, max: 64 }))
    .max(FILTER_MODELS_MAX)
    .optional(),
  /** First day, inclusive. */
  from: calendarDate,
  /** Last day, inclusive. */
  to: calendarDate,
};

function checkRange(f: { from: string; to: string }, ctx: z.RefinementCtx, maxDays: number) {
  if (f.to < f.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'the last day is before the first' });
  } else if (daysBetween(f.from, f.to) + 1 > maxDays) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${maxDays} days` });
  }
}

/** Which robots and days: every analysis call takes it. */
export const analysisScope = z.object(scopeShape).superRefine((f, ctx) => checkRange(f, ctx, RANGE_DAYS_MAX));
export type AnalysisScope = z.infer<typeof analysisScope>;

/** The dashboard's filter: the scope, how finely the trend is cut, and whether the period before is shown too. */
export const analysisFilter = z
  .object({ ...scopeShape, granularity: z.enum(GRANULARITIES), compare: z.boolean() })
  .superRefine((f, ctx) =>
    checkRange(f, ctx, f.granularity === 'hour' ? HOURLY_RANGE_DAYS_MAX : RANGE_DAYS_MAX),
  );
export type AnalysisFilter = z.infer<typeof analysisFilter>;

/** The period just before `from..to`, as long as it: a week before a week, the 30 days before 30 days. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const length = daysBetween(from, to) + 1;
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const day = (n: number) => new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
  return { from: day(-length), to: day(-1) };
}
