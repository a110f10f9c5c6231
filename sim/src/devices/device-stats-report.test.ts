import { describe, expect, it } from 'vitest';
import type { DeviceFleetStats } from './device-fleet.js';
import { DeviceStatsReport } from './device-stats-report.js';

describe('DeviceStatsReport', () => {
  it('shows devices connected, presses, calls, errors and the simulator’s memory and CPU', () => {
    const stats: DeviceFleetStats = {
      devices: 3,
      started: 2,
      failed: 1,
      presses: 4,
      skipped: 0,
      pressErrors: 0,
      calls: {
        created: 0,
        assigned: 0,
        arriving: 0,
        arrived: 0,
        done: 0,
        cancelled: 0,
        failed: 0,
        expired: 0,
      },
    };
    let connected = 2;
    const report = new DeviceStatsReport({ stats, connected: () => connected });
    stats.presses = 9;
    stats.skipped = 2;
    stats.pressErrors = 1;
    Object.assign(stats.calls, { assigned: 7, arriving: 6, arrived: 5, done: 4, cancelled: 1, expired: 1 });
    expect(report.line()).toMatch(
      /^connected 2\/3 \(1 failed to start\) \| presses 9 \(\+5\), skipped 2 \| calls assigned 7, arrived 5, done 4, cancelled\/failed\/expired 2 \| errors 2 \| rss \d+ MB, heap \d+ MB, cpu \d+% of a core$/,
    );
    stats.presses = 10;
    connected = 3;
    stats.failed = 0;
    expect(report.line()).toMatch(/^connected 3\/3 \| presses 10 \(\+1\),/);
    expect(report.summary()).toMatch(
      /^ran [\d.]+ s: presses 6, skipped 2 \| calls assigned 7, .* \| errors 1 \| cpu [\d.]+ s \(\d+% of a core\), rss \d+ MB, heap \d+ MB$/,
    );
  });
});
