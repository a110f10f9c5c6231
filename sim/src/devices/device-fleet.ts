import { between, createRng, deriveSeed, type Rng } from '../prng.js';
import { PressSchedule } from './press-schedule.js';
import { type CallStateCommand, SimDevice } from './sim-device.js';

type CallState = CallStateCommand['state'];
const ENDED: ReadonlySet<CallState> = new Set<CallState>(['done', 'cancelled', 'failed', 'expired']);

/** One mini device to run: its name (serial) and the MQTT password the console issued for it. */
export interface DeviceCredential {
  name: string;
  password: string;
}

export interface DeviceFleetOptions {
  url: string;
  /** The console's device topic prefix, `devices/v1` by default. */
  prefix?: string;
  devices: readonly DeviceCredential[];
  heartbeatS?: number;
  /** Presses a second over all devices, spread at random (0, the default: none). */
  pressesPerS?: number;
  /** The person served acks this long after the robot arrived; undefined: never. */
  ackAfterMs?: number;
  /** Devices connecting per second (100 by default): thousands of handshakes at once would measure the burst. */
  connectsPerS?: number;
  seed?: number;
  /** Each problem as it happens: a device that could not start, a press that was not sent. */
  onError?: (message: string) => void;
}

export interface DeviceFleetStats {
  devices: number;
  /** Devices whose first connection was made, and those whose start failed (refused login, no broker). */
  started: number;
  failed: number;
  presses: number;
  /** Presses due at a device that was offline or whose call was still open: not made. */
  skipped: number;
  /** Presses the broker never took. */
  pressErrors: number;
  /** The callStates the devices received, each call's state counted once (QoS 1 may repeat one). */
  calls: Record<CallState, number>;
}

/**
 * Many mini devices from their credentials, each a SimDevice with its own connection, login and last will, as
 * real devices connect. They connect at a steady pace, and presses fall on random devices at a mean rate; each
 * call is acked after its robot arrived (`ackAfterMs`).
 */
export class DeviceFleet {
  readonly devices: SimDevice[];
  readonly stats: DeviceFleetStats;
  private readonly rng: Rng;
  private readonly lastCall = new Map<SimDevice, string>();
  private launchTimer: NodeJS.Timeout | undefined;
  private pressTimer: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(private readonly opts: DeviceFleetOptions) {
    const seed = opts.seed ?? 1;
    this.rng = createRng(seed);
    this.devices = opts.devices.map((d, i) => {
      const rng = createRng(deriveSeed(seed, i));
      const device = new SimDevice({
        url: opts.url,
        prefix: opts.prefix,
        name: d.name,
        password: d.password,
        heartbeatS: opts.heartbeatS,
        battery: Math.round(between(rng, 30, 100)),
        drainPerHour: 0.5,
        firmware: 'sim-1.0.0',
        rssi: Math.round(between(rng, -85, -50)),
        seed: deriveSeed(seed, i),
        ackArrivedAfterMs: opts.ackAfterMs,
      });
      device.onCommand((c) => {
        if (c.type === 'callState') this.countCallState(device, c);
      });
      return device;
    });
    this.stats = {
      devices: this.devices.length,
      started: 0,
      failed: 0,
      presses: 0,
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
  }

  /** Devices whose connection is up now. */
  connected(): number {
    let n = 0;
    for (const d of this.devices) if (d.connected) n++;
    return n;
  }

  /**
   * Connects the devices at `connectsPerS` and starts pressing at once (on the devices already up). Resolves
   * when every device has started or failed to (each failure told to `onError`), or when stop() is called.
   */
  start(): Promise<void> {
    this.schedulePresses(new PressSchedule(this.opts.pressesPerS ?? 0, this.rng, Date.now()));
    const perS = this.opts.connectsPerS ?? 100;
    const t0 = Date.now();
    const starts: Promise<void>[] = [];
    return new Promise((resolve) => {
      const launch = () => {
        if (this.stopping) return resolve();
        const due = Math.min(this.devices.length, Math.floor(((Date.now() - t0) * perS) / 1000) + 1);
        for (let i = starts.length; i < due; i++) {
          const device = this.devices[i];
          if (device) starts.push(this.startOne(device));
        }
        if (starts.length < this.devices.length)
          this.launchTimer = setTimeout(launch, Math.max(10, 1000 / perS));
        else void Promise.all(starts).then(() => resolve());
      };
      launch();
    });
  }

  /**
   * Stops pressing and stops every device (OFFLINE, then DISCONNECT). Resolves when all have, or after
   * `timeoutMs` with how many had not.
   */
  async stop(timeoutMs = 10_000): Promise<number> {
    this.stopping = true;
    clearTimeout(this.launchTimer);
    clearTimeout(this.pressTimer);
    let pending = this.devices.length;
    const all = Promise.all(
      this.devices.map((d) =>
        d
          .stop()
          .catch(() => {})
          .finally(() => {
            pending--;
          }),
      ),
    );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([all, late]);
    clearTimeout(timer);
    return pending;
  }

  private async startOne(device: SimDevice): Promise<void> {
    try {
      await device.start();
      this.stats.started++;
    } catch (err) {
      if (this.stopping) return;
      this.stats.failed++;
      this.opts.onError?.(`device ${device.name} did not start: ${messageOf(err)}`);
    }
  }

  private schedulePresses(schedule: PressSchedule): void {
    const tick = () => {
      const n = schedule.due(Date.now());
      for (let i = 0; i < n; i++) this.pressOne();
      if (!this.stopping && Number.isFinite(schedule.next))
        this.pressTimer = setTimeout(tick, Math.min(60_000, Math.max(1, schedule.next - Date.now())));
    };
    tick();
  }

  /** A press at a random device, unless it is offline or its call is still open (a person waits for a robot). */
  private pressOne(): void {
    const device = this.devices[Math.floor(this.rng() * this.devices.length)];
    if (!device) return;
    const call = device.lastCallState;
    if (!device.connected || (call && !ENDED.has(call.state))) {
      this.stats.skipped++;
      return;
    }
    this.stats.presses++;
    device.press().catch((err: unknown) => {
      if (this.stopping) return;
      this.stats.pressErrors++;
      this.opts.onError?.(`device ${device.name}: a press was not sent: ${messageOf(err)}`);
    });
  }

  private countCallState(device: SimDevice, c: CallStateCommand): void {
    const key = `${c.callId} ${c.state}`;
    if (this.lastCall.get(device) === key) return;
    this.lastCall.set(device, key);
    this.stats.calls[c.state]++;
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
