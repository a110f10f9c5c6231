import mqtt, { type MqttClient } from 'mqtt';
import { benchSerial, MANUFACTURER } from '../telemetry/fleet-db.js';

const PREFIX = 'uagv/v2';
const TICK_MS = 50;
const STATE_EVERY_MS = 1000;
/** Codes cycle through this many per robot, so a late delivery is still told apart from the next cycle's (32 s on). */
const CODES = 16;

/** The error a robot's `seq`-th state raises (odd seq) or clears (even seq): `bench.e0` … `bench.e15`. */
export const codeOf = (seq: number) => `bench.e${Math.floor((seq - 1) / 2) % CODES}`;

/**
 * Robots as a load generator carries them (a few connections of the bench login), each sending a state a second
 * that alternately lists an error and lists none, so every state is one webhook event: `robot.error.raised`, then
 * `robot.error.cleared`. Visualizations (`visualizationPerS` a second) make the rest of the fleet's traffic. When
 * each state was published is kept (this process's clock and the wall clock) for the receivers to match.
 */
export class ErrorFleet {
  private readonly clients: MqttClient[] = [];
  private timer: NodeJS.Timeout | null = null;
  private bringUp: NodeJS.Timeout | null = null;
  private readonly seq: Int32Array;
  /** Per robot: the performance.now() and Date.now() of each state, by its seq. */
  readonly publishedAt: number[][];
  readonly publishedWall: number[][];
  private windowFrom = Number.POSITIVE_INFINITY;
  private windowTo = Number.POSITIVE_INFINITY;
  /** Events (states of toggling robots) published inside the window. */
  inWindow = 0;
  states = 0;
  visualizations = 0;

  constructor(
    private readonly robots: number,
    private readonly visualizationPerS: number,
    /** The first this many robots toggle their error (events a second); the others report no error. */
    private readonly toggling = robots,
    private readonly connections = 4,
  ) {
    this.seq = new Int32Array(robots);
    this.publishedAt = Array.from({ length: robots }, () => []);
    this.publishedWall = Array.from({ length: robots }, () => []);
  }

  async start(brokerUrl: string, username: string, password: string, mapId: string): Promise<void> {
    for (let i = 0; i < this.connections; i++)
      this.clients.push(
        await mqtt.connectAsync(brokerUrl, {
          clientId: `bench-error-fleet-${i}`,
          username,
          password,
          reconnectPeriod: 0,
          connectTimeout: 10_000,
        }),
      );
    const header = (serial: string, id: number) =>
      `"headerId":${id},"timestamp":"${new Date().toISOString()}","version":"2.0.0",` +
      `"manufacturer":"${MANUFACTURER}","serialNumber":"${serial}"`;
    const topic = (serial: string, kind: string) => `${PREFIX}/${MANUFACTURER}/${serial}/${kind}`;
    const serials = Array.from({ length: this.robots }, (_, i) => benchSerial(i));
    // Robots come online 50 at a time, four times a second, as a fleet does after an outage: each one coming online
    // costs the server a few queries (audio deployments waiting for it, …), and a thousand at once on a busy machine
    // would measure that storm rather than the events.
    let online = 0;
    const bringUp = setInterval(() => {
      const to = Math.min(this.robots, online + 50);
      for (let i = online; i < to; i++) {
        const serial = serials[i] ?? '';
        this.client(i).publish(
          topic(serial, 'connection'),
          `{${header(serial, 0)},"connectionState":"ONLINE"}`,
          { qos: 0 },
        );
      }
      online = to;
      if (online >= this.robots) clearInterval(bringUp);
    }, 250);
    this.bringUp = bringUp;
    const position = (i: number) =>
      `"agvPosition":{"x":${(i % 50) + 1},"y":${Math.floor(i / 50) + 1},"theta":0,"mapId":"${mapId}","positionInitialized":true}`;
    const slots = STATE_EVERY_MS / TICK_MS;
    const vizEvery = this.visualizationPerS
      ? Math.max(1, Math.round(1000 / this.visualizationPerS / TICK_MS))
      : 0;
    const started = performance.now();
    let done = -1;
    let headerId = 1;
    const tick = () => {
      const slot = Math.floor((performance.now() - started) / TICK_MS);
      // Late ticks catch up on the slots they missed: the rate holds whatever this process's event loop does.
      for (let k = done + 1; k <= slot; k++) {
        for (let i = k % slots; i < this.robots; i += slots)
          this.sendState(i, serials[i] ?? '', header, topic, position);
        if (vizEvery)
          for (let i = (k + 3) % vizEvery; i < online; i += vizEvery) {
            const serial = serials[i] ?? '';
            this.client(i).publish(
              topic(serial, 'visualization'),
              `{${header(serial, headerId++)},${position(i)},"velocity":{"vx":0,"vy":0,"omega":0}}`,
              { qos: 0 },
            );
            this.visualizations++;
          }
      }
      done = slot;
    };
    this.timer = setInterval(tick, TICK_MS);
  }

  private sendState(
    i: number,
    serial: string,
    header: (serial: string, id: number) => string,
    topic: (serial: string, kind: string) => string,
    position: (i: number) => string,
  ): void {
    const seq = (this.seq[i] ?? 0) + 1;
    this.seq[i] = seq;
    const errors =
      i < this.toggling && seq % 2 === 1
        ? `[{"errorType":"${codeOf(seq)}","errorLevel":"WARNING","errorDescription":"bench toggle"}]`
        : '[]';
    const body =
      `{${header(serial, seq)},"orderId":"","orderUpdateId":0,"lastNodeId":"","lastNodeSequenceId":0,` +
      `"nodeStates":[],"edgeStates":[],${position(i)},"driving":false,"paused":false,` +
      `"operatingMode":"AUTOMATIC","batteryState":{"batteryCharge":80,"charging":false},` +
      `"errors":${errors},"actionStates":[]}`;
    const at = performance.now();
    (this.publishedAt[i] as number[])[seq] = at;
    (this.publishedWall[i] as number[])[seq] = Date.now();
    this.client(i).publish(topic(serial, 'state'), body, { qos: 0 });
    this.states++;
    if (i < this.toggling && at >= this.windowFrom && at < this.windowTo) this.inWindow++;
  }

  private client(i: number): MqttClient {
    const c = this.clients[i % this.clients.length];
    if (!c) throw new Error('error fleet not started');
    return c;
  }

  /** States published in [from, to) (performance.now()) are the window's events. */
  window(from: number, to: number): void {
    this.windowFrom = from;
    this.windowTo = to;
    this.inWindow = 0;
  }

  inRange(at: number): boolean {
    return at >= this.windowFrom && at < this.windowTo;
  }

  /**
   * Which of robot `i`'s states an event is: the latest state with the event's kind and code published before the
   * server's event time (its `timestamp`, with a second's leeway for the clocks), or -1.
   */
  stateOf(i: number, type: string, code: string, eventWall: number): number {
    const wall = this.publishedWall[i];
    if (!wall) return -1;
    const odd = type === 'robot.error.raised';
    for (let seq = this.seq[i] ?? 0; seq > 0; seq--) {
      if ((seq % 2 === 1) !== odd || codeOf(seq) !== code) continue;
      if ((wall[seq] ?? Number.POSITIVE_INFINITY) <= eventWall + 1000) return seq;
    }
    return -1;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.bringUp) clearInterval(this.bringUp);
    await Promise.all(this.clients.map((c) => c.endAsync(true).catch(() => {})));
  }
}
