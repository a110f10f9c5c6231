import { Worker } from 'node:worker_threads';

export interface Delivery {
  receiver: number;
  /** When it arrived, on this thread's performance.now() clock. */
  at: number;
  webhookId: string;
  type: string;
  timestamp: string;
  robotId: string | null;
  code: string | null;
}

type Row = [number, number, string, string, string, string | null, string | null];

/**
 * Integrators' receivers: one HTTP server each on a port of its own, in a worker thread of this process
 * (receiver-worker.mjs), so that receiving thousands of deliveries a second does not delay this thread's /live
 * browsers. Every delivery's signature is checked there; each arrives here with the time it was received.
 */
export class Receivers {
  private worker: Worker | null = null;
  readonly urls: string[] = [];
  badSignatures = 0;
  received = 0;
  /** When the latest delivery arrived (performance.now()). */
  lastAt = 0;

  private loadAnswer: ((l: { utilization: number; delayP99Ms: number }) => void) | null = null;

  constructor(private readonly onDelivery: (d: Delivery) => void) {}

  /** The receivers' thread since the last call: its event-loop utilisation (0–1) and delay p99. */
  load(): Promise<{ utilization: number; delayP99Ms: number }> {
    return new Promise((resolve) => {
      this.loadAnswer = resolve;
      this.worker?.postMessage({ t: 'load' });
    });
  }

  /** `nice`: the receivers' thread's scheduling priority (Linux; 0 = the bench's own). */
  async start(count: number, nice: number): Promise<void> {
    const worker = new Worker(new URL('./receiver-worker.mjs', import.meta.url), {
      workerData: { count, nice },
      name: 'receivers',
    });
    this.worker = worker;
    const ports = await new Promise<number[]>((resolve, reject) => {
      worker.once('error', reject);
      worker.on(
        'message',
        (m: {
          t: string;
          ports?: number[];
          rows?: Row[];
          badSignatures?: number;
          utilization?: number;
          delayP99Ms?: number;
        }) => {
          if (m.t === 'load')
            this.loadAnswer?.({ utilization: m.utilization ?? 0, delayP99Ms: m.delayP99Ms ?? 0 });
          if (m.t === 'ready' && m.ports) resolve(m.ports);
          if (m.t === 'rows' && m.rows) this.take(m.rows, m.badSignatures ?? 0);
        },
      );
    });
    for (const port of ports) this.urls.push(`http://127.0.0.1:${port}/hooks/fleet`);
  }

  private take(rows: Row[], badSignatures: number): void {
    this.badSignatures = badSignatures;
    const origin = performance.timeOrigin;
    for (const [receiver, atEpoch, webhookId, type, timestamp, robotId, code] of rows) {
      const at = atEpoch - origin;
      this.received++;
      if (at > this.lastAt) this.lastAt = at;
      this.onDelivery({ receiver, at, webhookId, type, timestamp, robotId, code });
    }
  }

  /** The receiver's signing secret, as its integrator stores it (`whsec_…`). */
  setSecret(receiver: number, secret: string): void {
    this.worker?.postMessage({ t: 'secret', receiver, secret });
  }

  async stop(): Promise<void> {
    const w = this.worker;
    if (!w) return;
    const exited = new Promise((resolve) => w.once('exit', resolve));
    w.postMessage({ t: 'stop' });
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    await w.terminate();
  }
}
