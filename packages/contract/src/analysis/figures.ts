import { z } from 'zod';
import { calendarDate } from '../audio/schedule.js';
import { analysisFilter, analysisScope, GRANULARITIES } from './filter.js';
import { KPI_IDS } from './kpis.js';
import { STATE_KINDS } from './totals.js';

/* What /analysis shows: the cards, the trend, the heat map, the day's states, the error Pareto, the ranking. */

const period = z.object({ from: calendarDate, to: calendarDate });

const kpiValueMap = z.record(z.enum(KPI_IDS), z.number().nullable());

/** One KPI card: the figure, the same figure for the period before, and its target. */
export const kpiCard = z.object({
  id: z.enum(KPI_IDS),
  value: z.number().nullable(),
  previous: z.number().nullable(),
  /** The target in effect at the end of the range, for the narrowest scope the filter names. */
  target: z.number().nullable(),
  meetsTarget: z.boolean().nullable(),
});
export type KpiCard = z.infer<typeof kpiCard>;

export const analysisSummary = z.object({
  period,
  /** Null when the filter did not ask for a comparison. */
  previousPeriod: period.nullable(),
  cards: z.array(kpiCard),
  robots: z.int().min(0),
  /** Whether any robot in scope has any recorded time or task in the range: false shows "no data". */
  hasData: z.boolean(),
});
export type AnalysisSummary = z.infer<typeof analysisSummary>;

/** One point of the trend: a bucket's start (`YYYY-MM-DD`, or `YYYY-MM-DDTHH` for hours) and every figure. */
export const trendBucket = z.object({ start: z.string(), values: kpiValueMap });
export type TrendBucket = z.infer<typeof trendBucket>;

export const analysisTrend = z.object({
  granularity: z.enum(GRANULARITIES),
  buckets: z.array(trendBucket),
  /** The period before, bucket for bucket (same count), when compared. */
  previous: z.array(trendBucket).nullable(),
});
export type AnalysisTrend = z.infer<typeof analysisTrend>;

/** Work by weekday and local hour: seconds working and tasks done in each of the 7 × 24 cells. */
export const heatCell = z.object({
  weekday: z.int().min(1).max(7),
  hour: z.int().min(0).max(23),
  workingS: z.number().min(0),
  tasks: z.int().min(0),
});
export const analysisHeatmap = z.object({ cells: z.array(heatCell) });
export type AnalysisHeatmap = z.infer<typeof analysisHeatmap>;

/** A robot's day as a timeline of states. */
export const stateInterval = z.object({
  state: z.enum(STATE_KINDS),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  codes: z.array(z.string()),
});
export const robotDayStates = z.object({
  robotId: z.uuid(),
  robotName: z.string(),
  buildingName: z.string().nullable(),
  timeZone: z.string(),
  dayStart: z.iso.datetime(),
  dayEnd: z.iso.datetime(),
  intervals: z.array(stateInterval),
});
export type RobotDayStates = z.infer<typeof robotDayStates>;
export const statesSearch = z.object({ scope: analysisScope, date: calendarDate });

/** Error codes by how often they occurred, most first, with the downtime each cost. */
export const errorCodeCount = z.object({
  code: z.string(),
  count: z.int().min(0),
  robots: z.int().min(0),
  downtimeS: z.number().min(0),
});
export const analysisErrors = z.object({ codes: z.array(errorCodeCount), total: z.int().min(0) });
export type AnalysisErrors = z.infer<typeof analysisErrors>;

export const RANK_BY = ['robot', 'building', 'model'] as const;
export type RankBy = (typeof RANK_BY)[number];

export const rankingRow = z.object({
  /** The robot's or building's id, or the model's name. */
  key: z.string(),
  name: z.string(),
  /** For robot rows: the building and model. */
  buildingName: z.string().nullable(),
  model: z.string().nullable(),
  robots: z.int().min(0),
  values: kpiValueMap,
});
export type RankingRow = z.infer<typeof rankingRow>;
export const rankingQuery = z.object({ filter: analysisFilter, by: z.enum(RANK_BY) });
export const analysisRanking = z.object({ by: z.enum(RANK_BY), rows: z.array(rankingRow) });
export type AnalysisRanking = z.infer<typeof analysisRanking>;

/** What the filters offer: the companies the caller may analyse, their buildings, robots and models. */
export const analysisOptions = z.object({
  companies: z.array(z.object({ id: z.uuid(), name: z.string(), isSubsidiary: z.boolean() })),
  buildings: z.array(z.object({ id: z.uuid(), companyId: z.uuid(), name: z.string(), timeZone: z.string() })),
  robots: z.array(
    z.object({
      id: z.uuid(),
      companyId: z.uuid(),
      name: z.string(),
      model: z.string(),
      buildingId: z.uuid().nullable(),
    }),
  ),
  models: z.array(z.string()),
  /** The first day with any figure, to bound the date picker; null before the first. */
  firstDay: calendarDate.nullable(),
});
export type AnalysisOptions = z.infer<typeof analysisOptions>;
