import { describe, expect, it } from 'vitest';
import { batteryPoints, statusSpans, timeShares } from './history-chart.utils';

const t0 = Date.parse('2026-11-22T00:00:00.000Z');
const at = (min: number) => new Date(t0 + min * 60_000).toISOString();
const sample = (min: number, status: 'idle' | 'working' | 'charging', battery: number | null = 50) => ({
  at: at(min),
  status,
  battery,
  charging: status === 'charging',
  connection: 'ONLINE' as const,
});

describe('statusSpans', () => {
  it('joins repeated statuses and lasts each until the next change', () => {
    const spans = statusSpans(
      [sample(0, 'idle'), sample(10, 'idle'), sample(20, 'working'), sample(50, 'charging')],
      t0 + 60 * 60_000,
    );
    expect(spans.map((s) => [s.status, (s.from - t0) / 60_000, (s.to - t0) / 60_000])).toEqual([
      ['idle', 0, 20],
      ['working', 20, 50],
      ['charging', 50, 60],
    ]);
  });

  it('has nothing to show without samples', () => {
    expect(statusSpans([], t0)).toEqual([]);
  });
});

describe('timeShares and battery', () => {
  it('gives each status its share of the time', () => {
    const shares = timeShares(statusSpans([sample(0, 'idle'), sample(30, 'working')], t0 + 60 * 60_000));
    expect(shares).toEqual({ idle: 0.5, working: 0.5 });
  });

  it('keeps missing battery readings as gaps', () => {
    expect(batteryPoints([sample(0, 'idle', 55.55), sample(1, 'idle', null)])).toEqual([
      [t0, 55.6],
      [t0 + 60_000, null],
    ]);
  });
});
