import { type FleetMap, generateStations, serialNumber, startPose } from './fleet-layout.js';
import { between, createRng, deriveSeed } from './prng.js';
import { SimRobot } from './sim-robot.js';
import { SharedConnections } from './transport/shared-connections.js';
import { defaultTopics, type TopicConfig, topicBase } from './transport/types.js';
import type { VehicleParams } from './vehicle/index.js';

export interface RobotCredential {
  manufacturer: string;
  serialNumber: string;
  password: string;
  mapId?: string;
}

export interface FleetOptions {
  url: string;
  /** Ignored when `credentials` are given: then there is one robot per credential. */
  robots?: number;
  manufacturer?: string;
  serialPrefix?: string;
  password?: string;
  credentials?: RobotCredential[];
  maps: FleetMap[];
  stateIntervalMs?: number;
  visualizationIntervalMs?: number;
  tickMs?: number;
  /**
   * Each tick steps one of this many slices of the fleet, every `tickMs / slices` (default 10): robots still
   * step every `tickMs`, and a big fleet publishes spread over time as independent robots do, not 3,000
   * messages at once every 100 ms.
   */
  slices?: number;
  /** Idle robots drive to random stations by themselves. Default on. */
  wander?: boolean;
  /** Rest between trips, seconds [min, max] (default 5–20). */
  wanderDwellS?: [number, number];
  seed?: number;
  /** Load mode: carry all robots over this many connections (no last wills). 0 = one per robot. */
  sharedConnections?: number;
  /** Login of the shared connections (a broker that allows one client to publish for many robots). */
  sharedUsername?: string;
  protocolVersion?: 4 | 5;
  topics?: TopicConfig;
  params?: Partial<VehicleParams>;
  /** Robots connecting at once, so a big fleet does not open thousands of sockets in one go. */
  connectConcurrency?: number;
  onPublish?: (robot: SimRobot, sub: string, payload: string) => void;
}

export interface FleetStats {
  sent: Record<string, number>;
  dropped: number;
  /** Ticks run and the time spent in them: a generator that falls behind shows it here first. */
  ticks: number;
  tickMs: number;
}

/** Many robots on one timer: each tick steps and publishes for one slice of them. */
export class Fleet {
  readonly robots: SimRobot[] = [];
  readonly stats: FleetStats = {
    sent: { connection: 0, state: 0, visualization: 0, factsheet: 0 },
    dropped: 0,
    ticks: 0,
    tickMs: 0,
  };
  private shared: SharedConnections | undefined;
  private timer: NodeJS.Timeout | undefined;
  private slices = 1;
  private slice = 0;

  constructor(private readonly opts: FleetOptions) {
    if (opts.maps.length === 0) throw new Error('a fleet needs at least one map');
  }

  async start(): Promise<void> {
    const o = this.opts;
    const seed = o.seed ?? 1;
    const rng = createRng(seed);
    const stateMs = o.stateIntervalMs ?? 1000;
    const maps = new Map(
      o.maps.map((m) => [m.mapId, { ...m, stations: m.stations ?? generateStations(m.bounds) }]),
    );
    const mapList = [...maps.values()];
    // A robot a lift carries to another map wanders among that map's stations there.
    const byMap = Object.fromEntries(
      mapList.map((m) => [m.mapId, { stations: m.stations.filter((s) => !s.charger), bounds: m.bounds }]),
    );
    const identities: RobotCredential[] =
      o.credentials ??
      Array.from({ length: o.robots ?? 5 }, (_, i) => ({
        manufacturer: o.manufacturer ?? 'fleetsim',
        serialNumber: serialNumber(o.serialPrefix ?? 'SIM-', i, o.robots ?? 5),
        password: o.password ?? '',
      }));
    const topics = o.topics ?? defaultTopics;
    if (o.sharedConnections) {
      this.shared = new SharedConnections({
        url: o.url,
        connections: o.sharedConnections,
        clientIdPrefix: `${o.serialPrefix ?? 'SIM-'}${process.pid}`,
        username: o.sharedUsername,
        password: o.password,
        protocolVersion: o.protocolVersion,
        topics,
        manufacturers: [...new Set(identities.map((c) => c.manufacturer))],
      });
      await this.shared.open();
    }
    identities.forEach((id, i) => {
      const map = (id.mapId ? maps.get(id.mapId) : undefined) ?? mapList[i % mapList.length];
      if (!map) return;
      const robotMap = map.mapId === id.mapId || !id.mapId ? map : { ...map, mapId: id.mapId };
      const chargers = robotMap.stations.filter((s) => s.charger);
      const robot: SimRobot = new SimRobot({
        url: o.url,
        manufacturer: id.manufacturer,
        serialNumber: id.serialNumber,
        password: id.password || undefined,
        protocolVersion: o.protocolVersion,
        topics,
        stateIntervalMs: stateMs,
        visualizationIntervalMs: o.visualizationIntervalMs,
        pose: startPose(robotMap, rng),
        battery: Math.round(between(rng, 35, 100)),
        params: { ...o.params, chargers },
        seed: deriveSeed(seed, i),
        phaseMs: rng() * stateMs,
        wander:
          o.wander === false
            ? undefined
            : {
                stations: robotMap.stations.filter((s) => !s.charger),
                bounds: robotMap.bounds,
                byMap,
                dwell: o.wanderDwellS ?? [5, 20],
                minBattery: (o.params?.lowBattery ?? 20) + 1,
              },
        transport: this.shared?.transport(topicBase(topics, id.manufacturer, id.serialNumber)),
        onPublish: (sub, payload, sent) => {
          if (sent) this.stats.sent[sub] = (this.stats.sent[sub] ?? 0) + 1;
          else this.stats.dropped++;
          o.onPublish?.(robot, sub, payload);
        },
      });
      this.robots.push(robot);
    });
    if (this.shared) {
      // Each robot announces itself with two retained QoS 1 messages; sent all at once for 10,000 robots
      // they queue tens of megabytes in front of the telemetry. Pace them at the rate the broker acks.
      for (let i = 0; i < this.robots.length; i += 1000) {
        for (const r of this.robots.slice(i, i + 1000)) await r.connect();
        await this.shared.settle(4000);
      }
    } else {
      await inBatches(this.robots, o.connectConcurrency ?? 100, (r) => r.connect());
    }
    const tickMs = o.tickMs ?? 100;
    this.slices = Math.max(1, Math.min(o.slices ?? 10, this.robots.length));
    this.timer = setInterval(() => this.tick(), tickMs / this.slices);
  }

  /** Stops every robot cleanly (OFFLINE, DISCONNECT). */
  async stop(opts: { clearRetained?: boolean } = {}): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await inBatches(this.robots, this.opts.connectConcurrency ?? 100, (r) => r.stop(opts));
    await this.shared?.close();
  }

  private tick(): void {
    const started = performance.now();
    const now = Date.now();
    const ts = new Date(now).toISOString();
    for (let i = this.slice; i < this.robots.length; i += this.slices) this.robots[i]?.tick(now, ts);
    this.slice = (this.slice + 1) % this.slices;
    this.stats.ticks++;
    this.stats.tickMs += performance.now() - started;
  }
}

async function inBatches<T>(
  items: readonly T[],
  size: number,
  run: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      if (item !== undefined) await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}
