import type { RobotHistory, RobotStatus } from '@fleet/contract';

export interface StatusSpan {
  status: RobotStatus;
  from: number;
  to: number;
}

/**
 * Consecutive samples of the same status joined into spans; each lasts until the next sample (the last one
 * until `end`). The chart paints them as the robot's activity under the battery line.
 */
export function statusSpans(samples: RobotHistory['samples'], end: number): StatusSpan[] {
  const spans: StatusSpan[] = [];
  for (const s of samples) {
    const at = Date.parse(s.at);
    const last = spans.at(-1);
    if (last) last.to = at;
    if (last?.status === s.status) continue;
    spans.push({ status: s.status, from: at, to: end });
  }
  if (spans.length) {
    const last = spans.at(-1);
    if (last) last.to = Math.max(last.from, end);
  }
  return spans;
}

/** Battery points for the line; a gap where the robot reported none. */
export function batteryPoints(samples: RobotHistory['samples']): Array<[number, number | null]> {
  return samples.map((s) => [Date.parse(s.at), s.battery === null ? null : Math.round(s.battery * 10) / 10]);
}

/** Share of the time spent in each status, for the summary under the chart. */
export function timeShares(spans: readonly StatusSpan[]): Partial<Record<RobotStatus, number>> {
  const total = spans.reduce((sum, s) => sum + (s.to - s.from), 0);
  if (total <= 0) return {};
  const shares: Partial<Record<RobotStatus, number>> = {};
  for (const s of spans) shares[s.status] = (shares[s.status] ?? 0) + (s.to - s.from) / total;
  return shares;
}
