import {
  type AnalysisFilter,
  type AnalysisOptions,
  type AnalysisScope,
  addDays,
  daysBetween,
  FILTER_BUILDINGS_MAX,
  FILTER_COMPANIES_MAX,
  FILTER_MODELS_MAX,
  FILTER_ROBOTS_MAX,
  GRANULARITIES,
  type Granularity,
  HOURLY_RANGE_DAYS_MAX,
  KPI_IDS,
  type KpiId,
  RANGE_DAYS_MAX,
  RANK_BY,
  type RankBy,
} from '@fleet/contract';
import { presetRange } from './date-presets.utils';

/*
 * The screen's filter and choices live in the address, so a reload or a shared link shows the same view. Anything
 * the address says that the contract would refuse falls back to its default instead of an error.
 */

/** What the screen shows: the contract's filter with every list present, plus the charts' own choices. */
export interface AnalysisView {
  companyIds: string[];
  buildingIds: string[];
  robotIds: string[];
  models: string[];
  from: string;
  to: string;
  granularity: Granularity;
  compare: boolean;
  /** The figure the trend draws. */
  kpi: KpiId;
  rankBy: RankBy;
  /** The day of the states chart; null: the range's last day. */
  day: string | null;
}

const P = {
  company: 'company',
  building: 'building',
  robot: 'robot',
  model: 'model',
  from: 'from',
  to: 'to',
  granularity: 'granularity',
  compare: 'compare',
  kpi: 'kpi',
  rankBy: 'rankBy',
  day: 'day',
} as const;

export function defaultView(today: string): AnalysisView {
  return {
    companyIds: [],
    buildingIds: [],
    robotIds: [],
    models: [],
    ...presetRange('last7', today),
    granularity: 'day',
    compare: true,
    kpi: 'tasksDone',
    rankBy: 'robot',
    day: null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A real calendar date `YYYY-MM-DD` (not 2026-02-30). */
export function isCalendarDate(value: string | null): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

function ids(params: URLSearchParams, key: string, max: number): string[] {
  return [...new Set(params.getAll(key).filter((v) => UUID.test(v)))].slice(0, max);
}

export function parseView(params: URLSearchParams, today: string): AnalysisView {
  const base = defaultView(today);
  const from = params.get(P.from);
  const to = params.get(P.to);
  const range =
    isCalendarDate(from) && isCalendarDate(to) && from <= to && daysBetween(from, to) + 1 <= RANGE_DAYS_MAX
      ? { from, to }
      : { from: base.from, to: base.to };
  const wanted = params.get(P.granularity);
  const granularity = oneOf(GRANULARITIES, wanted) ? wanted : base.granularity;
  const compare = params.get(P.compare);
  const kpi = params.get(P.kpi);
  const rankBy = params.get(P.rankBy);
  const day = params.get(P.day);
  return {
    companyIds: ids(params, P.company, FILTER_COMPANIES_MAX),
    buildingIds: ids(params, P.building, FILTER_BUILDINGS_MAX),
    robotIds: ids(params, P.robot, FILTER_ROBOTS_MAX),
    models: [...new Set(params.getAll(P.model).filter((m) => m.trim() && m.length <= 64))].slice(
      0,
      FILTER_MODELS_MAX,
    ),
    ...range,
    granularity: fitGranularity(granularity, range),
    compare: compare === '0' || compare === 'false' ? false : base.compare,
    kpi: oneOf(KPI_IDS, kpi) ? kpi : base.kpi,
    rankBy: oneOf(RANK_BY, rankBy) ? rankBy : base.rankBy,
    day: isCalendarDate(day) && day >= range.from && day <= range.to ? day : null,
  };
}

/**
 * The day the states chart shows: the chosen one, else the range's last day, but not a today that has only
 * begun when the range holds a whole day before it.
 */
export function statesDay(view: Pick<AnalysisView, 'from' | 'to' | 'day'>, today: string): string {
  if (view.day) return view.day;
  return view.to >= today && view.from < today ? addDays(today, -1) : view.to;
}

/** Hours are offered up to a month of them (the contract refuses more): a longer range shows days. */
export function hourAllowed(range: { from: string; to: string }): boolean {
  return daysBetween(range.from, range.to) + 1 <= HOURLY_RANGE_DAYS_MAX;
}

export function fitGranularity(g: Granularity, range: { from: string; to: string }): Granularity {
  return g === 'hour' && !hourAllowed(range) ? 'day' : g;
}

/** The address for a view: only what differs from the default is written, so links stay short. */
export function writeView(view: AnalysisView, today: string): URLSearchParams {
  const base = defaultView(today);
  const params = new URLSearchParams();
  for (const id of view.companyIds) params.append(P.company, id);
  for (const id of view.buildingIds) params.append(P.building, id);
  for (const id of view.robotIds) params.append(P.robot, id);
  for (const m of view.models) params.append(P.model, m);
  // The range is always written: "last 7 days" in a shared link means the sender's seven days.
  params.set(P.from, view.from);
  params.set(P.to, view.to);
  if (view.granularity !== base.granularity) params.set(P.granularity, view.granularity);
  if (view.compare !== base.compare) params.set(P.compare, view.compare ? '1' : '0');
  if (view.kpi !== base.kpi) params.set(P.kpi, view.kpi);
  if (view.rankBy !== base.rankBy) params.set(P.rankBy, view.rankBy);
  if (view.day) params.set(P.day, view.day);
  return params;
}

/** Drops companies, buildings, robots and models the options do not offer (an old link, a removed robot). */
export function knownOnly(view: AnalysisView, options: AnalysisOptions): AnalysisView {
  const companies = new Set(options.companies.map((c) => c.id));
  const buildings = new Set(options.buildings.map((b) => b.id));
  const robots = new Set(options.robots.map((r) => r.id));
  const models = new Set(options.models);
  return {
    ...view,
    companyIds: view.companyIds.filter((id) => companies.has(id)),
    buildingIds: view.buildingIds.filter((id) => buildings.has(id)),
    robotIds: view.robotIds.filter((id) => robots.has(id)),
    models: view.models.filter((m) => models.has(m)),
  };
}

const list = <T>(values: T[]) => (values.length ? values : undefined);

/** The scope the contract takes: empty lists are left out (all of them). */
export function scopeOf(view: AnalysisView): AnalysisScope {
  const scope: AnalysisScope = { from: view.from, to: view.to };
  const companyIds = list(view.companyIds);
  const buildingIds = list(view.buildingIds);
  const robotIds = list(view.robotIds);
  const models = list(view.models);
  if (companyIds) scope.companyIds = companyIds;
  if (buildingIds) scope.buildingIds = buildingIds;
  if (robotIds) scope.robotIds = robotIds;
  if (models) scope.models = models;
  return scope;
}

export function filterOf(view: AnalysisView): AnalysisFilter {
  return { ...scopeOf(view), granularity: view.granularity, compare: view.compare };
}
