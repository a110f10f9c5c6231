import type { LiveRobot } from '@fleet/contract';
import { findDisallowedText } from '@fleet/contract/text';
import type { z } from 'zod';
import type { FleetLog } from './fleet-log.js';
import {
  MAX_MESSAGE_BYTES,
  vdaConnection,
  vdaFactsheet,
  vdaState,
  vdaVisualization,
} from './vda/messages.js';
import { readState } from './vda/read-state.js';
import { readVisualization } from './vda/read-visualization.js';
import { digestState, type StateDigest } from './vda/state-digest.js';
import { parseTopic, ROBOT_PUBLISHES, type RobotTopic } from './vda/topics.js';
import {
  type TopicIdentity,
  TopicMemory,
  topicIdentity,
  type WasmVdaReader,
  wasmVdaReader,
} from './vda/wasm-reader.js';

export const DROP_REASONS = [
  'topic',
  'unknown_robot',
  'too_large',
  'malformed',
  'invalid',
  'mismatch',
] as const;
export type DropReason = (typeof DROP_REASONS)[number];

export interface IngestCounters {
  accepted(kind: string): void;
  dropped(reason: DropReason): void;
}

/** Which registered robot a topic's manufacturer and serial number name. */
export interface RobotDirectory {
  idOf(manufacturer: string, serialNumber: string): string | undefined;
  /** The robot's number in the telemetry thread's batches, when the directory gives robots one. */
  slotOf?(robotId: string): number | undefined;
  /** Changes whenever a robot is registered or removed: remembered routes are then forgotten. */
  readonly registrations: number;
}

/**
 * Where valid messages go: the live store, or the batch the ingest thread hands it. `slot` is the robot's
 * number in the thread's batches when the directory knows it (the batch then need not look it up).
 */
export interface IngestSink {
  applyConnection(
    robotId: string,
    connection: NonNullable<LiveRobot['connection']>,
    at: number,
    slot?: number,
  ): void;
  applyState(robotId: string, state: StateDigest, at: number, slot?: number): void;
  applyVisualization(
    robotId: string,
    position: LiveRobot['position'] | undefined,
    velocity: LiveRobot['velocity'] | undefined,
    at: number,
    slot?: number,
  ): void;
}

/** Misses in a row after which a topic's messages mostly skip the WebAssembly reader, and how often it is tried then. */
const TRIES = 8;
const RETRY = 64;

/** A broken robot must not flood the log: one line per robot and reason per minute. */
const LOG_EVERY_MS = 60_000;

/**
 * Turns VDA 5050 messages into live state. Anything wrong is dropped, counted and logged with the robot;
 * one robot's bad message never disturbs another's.
 */
interface Route {
  robotId: string;
  slot: number | undefined;
  topic: RobotTopic;
  /** Whether the topic is one a robot publishes on (ROBOT_PUBLISHES): the broker asks of every publication. */
  telemetry: boolean;
  /** For the WebAssembly reader: the robot the messages must name, and what the topic's last ones carried. */
  who: TopicIdentity;
  memory: TopicMemory;
}
type Routed = Route | 'topic' | 'unknown_robot';

export class FleetIngest {
  private readonly lastLog = new Map<string, number>();
  private readonly routes = new Map<string, Route>();
  /** The directory's registrations the remembered routes were read from. */
  private routesOf = -1;
  /** The topic routed last and its route: the broker's check of a publication and its handling ask in turn. */
  private lastTopic: string | null = null;
  private lastRoute: Routed = 'topic';

  constructor(
    private readonly robots: RobotDirectory,
    private readonly sink: IngestSink,
    private readonly prefix: string,
    private readonly counters: IngestCounters,
    private readonly log: FleetLog,
    /** Reads state and visualization messages before JSON.parse is asked to; null: JSON.parse only. */
    private readonly reader: WasmVdaReader | null = wasmVdaReader(),
  ) {}

  handle(topic: string, payload: Buffer, at = Date.now()): void {
    const route = this.route(topic);
    if (route === 'topic' || route === 'unknown_robot') {
      // An empty payload deletes a retained message: no warning per robot when 10,000 of them leave at once.
      if (payload.length > 0 || route === 'topic') this.drop(route, topic);
      return;
    }
    const { robotId, slot, topic: t } = route;
    // Orders and instant actions are ours, echoed back by the broker: not robot telemetry.
    if (t.kind === 'order' || t.kind === 'instantActions') return;
    // An empty payload deletes a retained message (a fleet cleaning up after itself): nothing to take in.
    if (payload.length === 0) return;
    if (payload.length > MAX_MESSAGE_BYTES) {
      this.drop('too_large', topic, payload.length);
      return;
    }
    if (this.reader && this.readFast(this.reader, route, topic, payload, at)) return;
    let json: unknown;
    try {
      const text = payload.toString('utf8');
      json = JSON.parse(text);
      // NUL and lone surrogates can only come in as \u escapes (raw bytes are not JSON, broken UTF-8 decodes to
      // U+FFFD), and PostgreSQL cannot store them: such a message is malformed. Most messages have no escape.
      if (text.includes('\\u') && findDisallowedText(json)) throw new Error('text not allowed');
    } catch {
      this.drop('malformed', topic);
      return;
    }
    switch (t.kind) {
      case 'connection': {
        const m = this.parse(vdaConnection, json, t, topic);
        if (m) this.sink.applyConnection(robotId, m.connectionState, at, slot);
        return;
      }
      case 'state': {
        const m = this.parse(vdaState, json, t, topic, readState);
        if (m) this.sink.applyState(robotId, digestState(m), at, slot);
        return;
      }
      case 'visualization': {
        const m = this.parse(vdaVisualization, json, t, topic, readVisualization);
        if (!m) return;
        const v = m.velocity;
        this.sink.applyVisualization(
          robotId,
          m.agvPosition,
          v && { vx: v.vx ?? 0, vy: v.vy ?? 0, omega: v.omega ?? 0 },
          at,
          slot,
        );
        return;
      }
      case 'factsheet':
        this.parse(vdaFactsheet, json, t, topic);
        return;
    }
  }

  /**
   * A state or visualization read by the WebAssembly reader and applied; false when the reader was not sure
   * (or the message is of another kind), and JSON.parse and the schema are to read it and give the verdict.
   */
  private readFast(reader: WasmVdaReader, route: Route, topic: string, payload: Buffer, at: number): boolean {
    const { robotId, slot, topic: t, memory } = route;
    // A topic whose messages the reader keeps leaving to JSON.parse (a robot writing in a way it does not
    // read) is not read twice every time: after TRIES misses in a row, one message in RETRY is tried.
    if (memory.misses >= TRIES && ++memory.passed % RETRY !== 0) return false;
    if (t.kind === 'visualization') {
      if (!reader.visualization(payload, topic, route.who)) return this.missed(memory);
      memory.misses = 0;
      memory.passed = 0;
      this.counters.accepted(t.kind);
      this.sink.applyVisualization(
        robotId,
        reader.hasPosition ? reader.position : undefined,
        reader.hasVelocity ? reader.velocity : undefined,
        at,
        slot,
      );
      return true;
    }
    if (t.kind !== 'state') return false;
    const digest = reader.state(payload, topic, route.who, memory);
    if (!digest) return this.missed(memory);
    memory.misses = 0;
    memory.passed = 0;
    this.counters.accepted(t.kind);
    this.sink.applyState(robotId, digest, at, slot);
    return true;
  }

  private missed(memory: TopicMemory): false {
    memory.misses++;
    return false;
  }

  /**
   * Whether a topic is a registered robot's telemetry: what the broker lets the load-test login publish. Asked
   * just before the message is handled, so its route is looked up once for both.
   */
  isRobotTelemetry(topic: string): boolean {
    const route = this.route(topic);
    return typeof route === 'object' && route.telemetry;
  }

  /**
   * The registered robot a topic belongs to. Topics of registered robots are remembered (at most six per
   * robot), so the 30,000 messages a second of a large fleet skip splitting the topic and two lookups; the
   * last one is also kept aside, as the broker's check of a publication has just looked it up (with tens of
   * thousands of topics, each lookup in the map is a few cache misses).
   */
  private route(topic: string): Routed {
    if (this.routesOf !== this.robots.registrations) {
      this.routes.clear();
      this.routesOf = this.robots.registrations;
      this.lastTopic = null;
    }
    if (topic === this.lastTopic) return this.lastRoute;
    const route = this.routes.get(topic) ?? this.newRoute(topic);
    this.lastTopic = topic;
    this.lastRoute = route;
    return route;
  }

  private newRoute(topic: string): Routed {
    const t = parseTopic(this.prefix, topic);
    if (!t) return 'topic';
    const robotId = this.robots.idOf(t.manufacturer, t.serialNumber);
    if (!robotId) return 'unknown_robot';
    const route = {
      robotId,
      slot: this.robots.slotOf?.(robotId),
      topic: t,
      telemetry: ROBOT_PUBLISHES.has(t.kind),
      who: topicIdentity(this.prefix, t.manufacturer, t.serialNumber),
      memory: new TopicMemory(),
    };
    this.routes.set(topic, route);
    return route;
  }

  /**
   * The message if it is valid and names the robot whose topic it came on. `read`, when given, is a faster
   * check with the schema's verdict; the schema then only says what was wrong.
   */
  private parse<S extends z.ZodType<{ manufacturer: string; serialNumber: string }>>(
    schema: S,
    json: unknown,
    t: RobotTopic,
    topic: string,
    read?: (json: unknown) => z.infer<S> | null,
  ): z.infer<S> | null {
    let m = read ? read(json) : null;
    if (!m) {
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        this.drop('invalid', topic, parsed.error.issues[0]?.path.join('.'));
        return null;
      }
      m = parsed.data;
    }
    if (m.manufacturer !== t.manufacturer || m.serialNumber !== t.serialNumber) {
      this.drop('mismatch', topic);
      return null;
    }
    this.counters.accepted(t.kind);
    return m;
  }

  private drop(reason: DropReason, topic: string, detail?: unknown): void {
    this.counters.dropped(reason);
    const key = `${reason}:${topic}`;
    const now = Date.now();
    if ((this.lastLog.get(key) ?? 0) + LOG_EVERY_MS > now) return;
    this.lastLog.set(key, now);
    if (this.lastLog.size > 10_000) this.lastLog.clear();
    this.log.warn({ topic, reason, detail }, 'robot message dropped');
  }
}
