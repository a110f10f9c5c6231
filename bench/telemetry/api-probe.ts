import { percentile, round } from '../support/stats.js';

/**
 * What an operator feels while the fleet streams in: one authenticated API call (`/opt/v1/user/me`, one
 * indexed query) every `everyMs`, its answer time recorded. The server's event loop serves both, so a loop
 * busy with robot messages shows here as a slow console.
 */
export class ApiProbe {
  private readonly times: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;

  constructor(
    private readonly apiUrl: string,
    private readonly token: string,
    private readonly everyMs = 250,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.call(), this.everyMs);
  }

  stop(): { calls: number; failures: number; p50: number; p99: number; max: number } {
    if (this.timer) clearInterval(this.timer);
    return {
      calls: this.times.length,
      failures: this.failures,
      p50: round(percentile(this.times, 50), 1),
      p99: round(percentile(this.times, 99), 1),
      max: round(Math.max(...this.times), 1),
    };
  }

  private async call(): Promise<void> {
    const t0 = performance.now();
    try {
      const r = await fetch(`${this.apiUrl}/opt/v1/user/me`, {
        headers: { token: this.token },
        signal: AbortSignal.timeout(10_000),
      });
      await r.arrayBuffer();
      if (!r.ok) throw new Error(String(r.status));
      this.times.push(performance.now() - t0);
    } catch {
      this.failures++;
    }
  }
}
