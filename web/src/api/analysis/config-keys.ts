import type { Scope } from '../query-scope';
import { analysisKeys } from './keys';

/**
 * What /analysis/config reads, under the analysis keys of the company. Settings change figures (a save or a
 * recompute also refreshes `analysisKeys.figures`); reports and alerts change nothing but themselves.
 */
export const analysisConfigKeys = {
  settings: (s: Scope | undefined) => [...analysisKeys.all(s), 'settings'] as const,
  reports: (s: Scope | undefined) => [...analysisKeys.all(s), 'reports'] as const,
  alerts: (s: Scope | undefined) => [...analysisKeys.all(s), 'alerts'] as const,
};
