import { performance } from 'node:perf_hooks';
import { type AnalysisFilter, addDays, api } from '@fleet/contract';
import type { apiCaller } from '../support/bench-api.js';
import { median, percentile, round } from '../support/stats.js';

/*
 * The calls /analysis makes when it opens on a range, as the page makes them (the filter with the period before,
 * the heat map and Pareto on the scope, the ranking, the first page of a drill-down), each timed over HTTP.
 */

export interface Range {
  name: 'year' | 'week';
  from: string;
  to: string;
  /** The goal for the p95 of every call on this range, ms. */
  goalMs: number;
}

/** The year and the week that end on `to`: p95 under 1 s and under 200 ms (the goals). */
export function rangesEndingOn(to: string): Range[] {
  return [
    { name: 'year', from: addDays(to, -364), to, goalMs: 1000 },
    { name: 'week', from: addDays(to, -6), to, goalMs: 200 },
  ];
}

export interface CallTimes {
  range: string;
  call: string;
  n: number;
  p50: number;
  p95: number;
  max: number;
  goalMs: number;
  /** What the answer held (robots, buckets, rows…), to see the call did its work. */
  answer: string;
}

type Call = ReturnType<typeof apiCaller>;

function callsOf(call: Call, token: string, range: Range) {
  const scope = { from: range.from, to: range.to };
  const filter = (g: AnalysisFilter['granularity'], compare = true): AnalysisFilter => ({
    ...scope,
    granularity: g,
    compare,
  });
  const trends: AnalysisFilter['granularity'][] =
    range.name === 'year' ? ['day', 'week', 'month'] : ['hour', 'day'];
  return [
    {
      name: 'summary (with the period before)',
      run: async () => {
        const s = await call(api.analysisSummary, token, { body: filter('day') });
        return `${s.robots} robots`;
      },
    },
    ...trends.map((g) => ({
      name: `trend by ${g} (with the period before)`,
      run: async () => {
        const t = await call(api.analysisTrend, token, { body: filter(g) });
        return `${t.buckets.length} buckets`;
      },
    })),
    {
      name: 'heat map',
      run: async () => {
        const h = await call(api.analysisHeatmap, token, { body: scope });
        return `${h.cells.length} cells`;
      },
    },
    {
      name: 'errors (Pareto)',
      run: async () => {
        const e = await call(api.analysisErrors, token, { body: scope });
        return `${e.total.toLocaleString('en-US')} errors`;
      },
    },
    ...(['robot', 'building'] as const).map((by) => ({
      name: `ranking by ${by}`,
      run: async () => {
        const r = await call(api.analysisRanking, token, { body: { filter: filter('day', false), by } });
        return `${r.rows.length} rows`;
      },
    })),
    {
      name: 'tasks, first page (the whole range)',
      run: async () => {
        const p = await call(api.analysisTasks, token, {
          body: { pageIndex: 1, pageLength: 10, requestData: { scope } },
        });
        return `${p.totalCnt.toLocaleString('en-US')} tasks`;
      },
    },
    {
      name: 'tasks, first page (a heat-map cell: Tuesdays 10:00)',
      run: async () => {
        const p = await call(api.analysisTasks, token, {
          body: { pageIndex: 1, pageLength: 10, requestData: { scope, weekday: 2, hour: 10 } },
        });
        return `${p.totalCnt.toLocaleString('en-US')} tasks`;
      },
    },
  ];
}

/**
 * Every call of every range `repeats` times, in turn (one of each first, not counted: the server's first queries
 * plan and warm its caches); the filter options, which take no range, beside them.
 */
export async function timeDashboard(
  call: Call,
  token: string,
  ranges: readonly Range[],
  repeats: number,
): Promise<CallTimes[]> {
  const calls = [
    {
      range: '—',
      goalMs: Math.min(...ranges.map((r) => r.goalMs)),
      name: 'filter options',
      run: async () => {
        const o = await call(api.analysisOptions, token);
        return `${o.robots.length} robots, first day ${o.firstDay}`;
      },
    },
    ...ranges.flatMap((range) =>
      callsOf(call, token, range).map((c) => ({ ...c, range: range.name, goalMs: range.goalMs })),
    ),
  ];
  const times = calls.map(() => [] as number[]);
  const answers = calls.map(() => '');
  for (let round = -1; round < repeats; round++) {
    for (const [i, c] of calls.entries()) {
      const t = performance.now();
      answers[i] = await c.run();
      if (round >= 0) times[i]?.push(performance.now() - t);
    }
  }
  return calls.map((c, i) => {
    const v = times[i] ?? [];
    return {
      range: c.range,
      call: c.name,
      n: v.length,
      p50: round(median(v), 1),
      p95: round(percentile(v, 95), 1),
      max: round(Math.max(...v), 1),
      goalMs: c.goalMs,
      answer: answers[i] ?? '',
    };
  });
}
