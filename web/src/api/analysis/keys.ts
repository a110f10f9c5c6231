import type { Scope } from '../query-scope';

/**
 * Every analysis query starts with the company's scope. The figures are read-only here: settings saved on
 * /analysis/config recompute days, and invalidating `figures` refreshes every chart at once.
 */
export const analysisKeys = {
  all: (s: Scope | undefined) => [s?.region ?? 'none', s?.companyId ?? 'none', 'analysis'] as const,
  /** What the filters offer (companies, buildings, robots, models, first day). */
  options: (s: Scope | undefined) => [...analysisKeys.all(s), 'options'] as const,
  figures: (s: Scope | undefined) => [...analysisKeys.all(s), 'figures'] as const,
  summary: (s: Scope | undefined, body: unknown) => [...analysisKeys.figures(s), 'summary', body] as const,
  trend: (s: Scope | undefined, body: unknown) => [...analysisKeys.figures(s), 'trend', body] as const,
  heatmap: (s: Scope | undefined, body: unknown) => [...analysisKeys.figures(s), 'heatmap', body] as const,
  states: (s: Scope | undefined, body: unknown) => [...analysisKeys.figures(s), 'states', body] as const,
  errors: (s: Scope | undefined, body: unknown) => [...analysisKeys.figures(s), 'errors', body] as const,
  ranking: (s: Scope | undefined, body: unknown) => [...analysisKeys.figures(s), 'ranking', body] as const,
  /** The tasks behind a figure, and one task. */
  tasks: (s: Scope | undefined, body: unknown) => [...analysisKeys.figures(s), 'tasks', body] as const,
  task: (s: Scope | undefined, id: string) => [...analysisKeys.figures(s), 'task', id] as const,
};
