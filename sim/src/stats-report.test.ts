import { describe, expect, it } from 'vitest';
import type { FleetStats } from './fleet.js';
import { StatsReport } from './stats-report.js';

describe('StatsReport', () => {
  it('counts only what was sent after it was created, and the drops', () => {
    const stats: FleetStats = { sent: { state: 10, visualization: 20 }, dropped: 1, ticks: 5, tickMs: 10 };
    const report = new StatsReport(stats);
    stats.sent.state = 110;
    stats.sent.visualization = 220;
    stats.dropped = 4;
    stats.ticks = 15;
    stats.tickMs = 60;
    expect(report.line()).toMatch(
      /msg\/s, cpu \d+% of a core, [\d.]+ ticks\/s of 5 ms \| sent 330 \(state 110, visualization 220\) \| dropped 3$/,
    );
    expect(report.line()).toMatch(/\| dropped 0$/);
    expect(report.summary()).toMatch(
      /^sent 300 in [\d.]+ s \(\d+ msg\/s\), dropped 3, [\d.]+ µs of CPU per message$/,
    );
  });
});
