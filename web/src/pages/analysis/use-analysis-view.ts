import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type AnalysisView, parseView, writeView } from './analysis-url.utils';
import { localToday } from './date-presets.utils';

/** The screen's filter and choices, read from and written to the address (`?from=…&to=…&robot=…`). */
export function useAnalysisView(): {
  view: AnalysisView;
  today: string;
  setView: (next: AnalysisView) => void;
} {
  const [params, setParams] = useSearchParams();
  // The day the screen opened on: presets stay the same calendar days while it is open past midnight.
  const today = useMemo(() => localToday(), []);
  const view = useMemo(() => parseView(params, today), [params, today]);
  return { view, today, setView: (next) => setParams(writeView(next, today), { replace: true }) };
}
