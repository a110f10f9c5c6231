import type { DeviceFleetStats } from './device-fleet.js';

export interface ReportedFleet {
  readonly stats: DeviceFleetStats;
  connected(): number;
}

interface Sample {
  at: number;
  presses: number;
  cpu: number;
}

const MB = 1024 * 1024;

/**
 * The device fleet's numbers for a person watching a run: devices connected, presses, the calls they made as the
 * console reported them, errors, and the simulator's own memory and CPU (what a connection per device costs).
 */
export class DeviceStatsReport {
  private readonly first: Sample;
  private last: Sample;

  constructor(private readonly fleet: ReportedFleet) {
    this.first = sample(fleet.stats);
    this.last = this.first;
  }

  /** The state now, with presses and CPU since the previous line. */
  line(): string {
    const now = sample(this.fleet.stats);
    const p = this.last;
    this.last = now;
    const s = this.fleet.stats;
    const cpuPct = (now.cpu - p.cpu) / 10 / Math.max(1, now.at - p.at);
    return (
      `connected ${this.fleet.connected()}/${s.devices}` +
      (s.failed > 0 ? ` (${s.failed} failed to start)` : '') +
      ` | presses ${s.presses} (+${now.presses - p.presses}), skipped ${s.skipped} | ${calls(s)} | ` +
      `errors ${errors(s)} | ${memory()}, cpu ${cpuPct.toFixed(0)}% of a core`
    );
  }

  /** Totals since the report was created. */
  summary(): string {
    const now = sample(this.fleet.stats);
    const seconds = Math.max(0.001, (now.at - this.first.at) / 1000);
    const cpuS = (now.cpu - this.first.cpu) / 1e6;
    const s = this.fleet.stats;
    return (
      `ran ${seconds.toFixed(1)} s: presses ${now.presses - this.first.presses}, skipped ${s.skipped} | ` +
      `${calls(s)} | errors ${errors(s)} | cpu ${cpuS.toFixed(1)} s (${((cpuS / seconds) * 100).toFixed(0)}% ` +
      `of a core), ${memory()}`
    );
  }
}

function sample(stats: DeviceFleetStats): Sample {
  const cpu = process.cpuUsage();
  return { at: Date.now(), presses: stats.presses, cpu: cpu.user + cpu.system };
}

function calls(s: DeviceFleetStats): string {
  const c = s.calls;
  return (
    `calls assigned ${c.assigned}, arrived ${c.arrived}, done ${c.done}, ` +
    `cancelled/failed/expired ${c.cancelled + c.failed + c.expired}`
  );
}

const errors = (s: DeviceFleetStats) => s.failed + s.pressErrors;

function memory(): string {
  const m = process.memoryUsage();
  return `rss ${(m.rss / MB).toFixed(0)} MB, heap ${(m.heapUsed / MB).toFixed(0)} MB`;
}
