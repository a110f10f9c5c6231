import type { FleetStats } from './fleet.js';

interface Sample {
  at: number;
  sent: number;
  dropped: number;
  ticks: number;
  tickMs: number;
  cpu: NodeJS.CpuUsage;
}

/**
 * The load generator's own numbers. Rate alone misleads on a shared machine (other processes take the CPU
 * and ticks come late), so each line also shows the generator's CPU and how long its ticks take, and the
 * summary gives CPU per message, which does not depend on what else runs: capacity ≈ 1e6 / µs per core.
 */
export class StatsReport {
  private last: Sample;
  private readonly first: Sample;

  constructor(private readonly stats: FleetStats) {
    this.first = this.sample();
    this.last = this.first;
  }

  /** Rates since the previous line. */
  line(): string {
    const now = this.sample();
    const p = this.last;
    this.last = now;
    const ms = Math.max(1, now.at - p.at);
    const rate = ((now.sent - p.sent) * 1000) / ms;
    const cpuPct = (cpuMicros(now.cpu) - cpuMicros(p.cpu)) / 10 / ms;
    const ticks = now.ticks - p.ticks;
    const tickAvg = (now.tickMs - p.tickMs) / Math.max(1, ticks);
    const s = this.stats.sent;
    return (
      `${rate.toFixed(0)} msg/s, cpu ${cpuPct.toFixed(0)}% of a core, ${((ticks * 1000) / ms).toFixed(1)} ticks/s ` +
      `of ${tickAvg.toFixed(0)} ms | sent ${now.sent} (state ${s.state}, visualization ${s.visualization}) | ` +
      `dropped ${now.dropped - p.dropped}`
    );
  }

  /** Totals since the report was created. */
  summary(): string {
    const now = this.sample();
    const sent = now.sent - this.first.sent;
    const micros = cpuMicros(now.cpu) - cpuMicros(this.first.cpu);
    const seconds = Math.max(0.001, (now.at - this.first.at) / 1000);
    return (
      `sent ${sent} in ${seconds.toFixed(1)} s (${(sent / seconds).toFixed(0)} msg/s), dropped ` +
      `${now.dropped - this.first.dropped}, ${sent > 0 ? (micros / sent).toFixed(1) : '-'} µs of CPU per message`
    );
  }

  private sample(): Sample {
    return {
      at: Date.now(),
      sent: Object.values(this.stats.sent).reduce((a, b) => a + b, 0),
      dropped: this.stats.dropped,
      ticks: this.stats.ticks,
      tickMs: this.stats.tickMs,
      cpu: process.cpuUsage(),
    };
  }
}

function cpuMicros(c: NodeJS.CpuUsage): number {
  return c.user + c.system;
}
