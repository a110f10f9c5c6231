import type { z } from 'zod';
import { isAudioAction, RobotAudio, type RobotAudioOptions } from './audio/robot-audio.js';
import { MessageEncoder } from './encode.js';
import { buildFactsheet, type FactsheetBody } from './factsheet.js';
import { type InstantAction, instantActionsSchema, orderSchema } from './messages.js';
import { createRng, type Rng } from './prng.js';
import { nextDue } from './schedule.js';
import { createOwnConnection } from './transport/own-connection.js';
import {
  type CommandTopic,
  defaultTopics,
  type RobotTransport,
  type TopicConfig,
  topicBase,
} from './transport/types.js';
import {
  acceptOrder,
  createVehicle,
  defaultVehicleParams,
  type Pose,
  receiveInstantActions,
  reportValidationError,
  stepVehicle,
  type Vehicle,
  type VehicleParams,
  type WanderPlan,
  type WanderState,
  wander,
} from './vehicle/index.js';

export interface SimRobotOptions {
  /** mqtt://host:1883 or ws://host:8080/mqtt */
  url: string;
  manufacturer: string;
  serialNumber: string;
  password?: string;
  /** Defaults to `{manufacturer}/{serialNumber}`, the console's convention. */
  username?: string;
  clientId?: string;
  protocolVersion?: 4 | 5;
  /** MQTT keepalive in seconds (30 by default): the broker sends the last will after 1.5 × this of silence. */
  keepaliveS?: number;
  topics?: TopicConfig;
  stateIntervalMs?: number;
  visualizationIntervalMs?: number;
  /** Physics step of the robot's own timer; a Fleet ticks its robots itself. */
  tickMs?: number;
  pose: Pose;
  battery?: number;
  params?: Partial<VehicleParams>;
  seed?: number;
  /** Drive to random stations when idle; off unless given. */
  wander?: WanderPlan;
  /** Shifts the periodic messages, so a fleet's robots do not all publish in the same tick. */
  phaseMs?: number;
  /** Replaces the robot's own MQTT connection (the Fleet's shared-connection mode). */
  transport?: RobotTransport;
  /** Sees every message the robot publishes (statistics, tests). */
  onPublish?: (sub: string, payload: string, sent: boolean) => void;
  /** The audio actions (`fcAudioDownload`…): download limits, how long a clip of unknown length plays. */
  audio?: RobotAudioOptions;
}

type Topic = 'connection' | 'state' | 'visualization' | 'factsheet';

/** One simulated VDA 5050 vehicle: its physics, its orders and actions, and its MQTT conversation. */
export class SimRobot {
  readonly vehicle: Vehicle;
  readonly params: VehicleParams;
  readonly serialNumber: string;
  readonly manufacturer: string;
  private readonly rng: Rng;
  private readonly encoder: MessageEncoder;
  private readonly transport: RobotTransport;
  private readonly factsheetBody: FactsheetBody;
  private readonly stateMs: number;
  private readonly visualizationMs: number;
  private readonly headerIds: Record<Topic, number> = {
    connection: 0,
    state: 0,
    visualization: 0,
    factsheet: 0,
  };
  private readonly wanderState: WanderState = { nextTripAt: null, trips: 0 };
  private nextStateAt = 0;
  private nextVisualizationAt = 0;
  private lastTickAt: number | null = null;
  private timer: NodeJS.Timeout | undefined;
  private live = false;
  /** Made on the first audio action: a robot without any has no audio cost, on its tick or anywhere. */
  private audioPart: RobotAudio | undefined;

  constructor(private readonly opts: SimRobotOptions) {
    this.manufacturer = opts.manufacturer;
    this.serialNumber = opts.serialNumber;
    this.params = { ...defaultVehicleParams, ...opts.params };
    this.vehicle = createVehicle(opts.pose, opts.battery ?? 100);
    this.rng = createRng(opts.seed ?? 1);
    this.encoder = new MessageEncoder(opts);
    this.stateMs = opts.stateIntervalMs ?? 1000;
    this.visualizationMs = opts.visualizationIntervalMs ?? 500;
    this.factsheetBody = buildFactsheet(this.params, {
      stateMs: this.stateMs,
      visualizationMs: this.visualizationMs,
    });
    const topics = opts.topics ?? defaultTopics;
    this.transport =
      opts.transport ??
      createOwnConnection({
        url: opts.url,
        topicBase: topicBase(topics, opts.manufacturer, opts.serialNumber),
        clientId: opts.clientId ?? `${opts.manufacturer}-${opts.serialNumber}`,
        username: opts.username ?? `${opts.manufacturer}/${opts.serialNumber}`,
        password: opts.password,
        protocolVersion: opts.protocolVersion,
        keepaliveS: opts.keepaliveS,
        // The will is fixed at connect time, so it takes the next headerId the robot would have used.
        will: () => this.encoder.connection(this.headerIds.connection++, iso(), 'CONNECTIONBROKEN'),
      });
  }

  /** Connects and runs on the robot's own timer. */
  async start(): Promise<void> {
    await this.connect();
    const tickMs = this.opts.tickMs ?? 100;
    this.timer = setInterval(() => this.tick(Date.now()), tickMs);
  }

  /** Connects without a timer: the caller (a Fleet) calls `tick`. */
  async connect(): Promise<void> {
    const now = Date.now();
    const phase = this.opts.phaseMs ?? 0;
    this.nextStateAt = now + (phase % this.stateMs);
    this.nextVisualizationAt = now + (phase % this.visualizationMs);
    await this.transport.open({
      onConnect: () => {
        this.live = true;
        const ts = iso();
        this.publish(
          'connection',
          this.encoder.connection(this.headerIds.connection++, ts, 'ONLINE'),
          1,
          true,
        );
        this.publishFactsheet(ts);
        this.publishState(ts);
      },
      onCommand: (topic, payload) => this.receive(topic, payload),
    });
  }

  /**
   * Advances the simulation to `nowMs` and publishes what is due. `timestamp` lets a fleet format the clock
   * once per tick instead of once per message.
   */
  tick(nowMs: number, timestamp?: string): void {
    const dt = this.lastTickAt === null ? 0 : Math.max(0, (nowMs - this.lastTickAt) / 1000);
    this.lastTickAt = nowMs;
    let changed = stepVehicle(this.vehicle, dt, this.params, this.rng);
    if (this.opts.wander)
      changed = wander(this.vehicle, this.wanderState, this.opts.wander, this.rng) || changed;
    if (!this.live) return;
    let ts = timestamp;
    if (this.vehicle.factsheetRequested) {
      this.vehicle.factsheetRequested = false;
      ts ??= iso(nowMs);
      this.publishFactsheet(ts);
    }
    if (changed || nowMs >= this.nextStateAt) {
      ts ??= iso(nowMs);
      this.publishState(ts);
      if (nowMs >= this.nextStateAt) this.nextStateAt = nextDue(this.nextStateAt, this.stateMs, nowMs);
    }
    if (nowMs >= this.nextVisualizationAt) {
      ts ??= iso(nowMs);
      this.publish(
        'visualization',
        this.encoder.visualization(this.headerIds.visualization++, ts, this.vehicle),
        0,
        false,
      );
      this.nextVisualizationAt = nextDue(this.nextVisualizationAt, this.visualizationMs, nowMs);
    }
  }

  /** Clean stop: OFFLINE (retained), then a proper DISCONNECT so the broker does not send the will. */
  async stop(opts: { clearRetained?: boolean } = {}): Promise<void> {
    this.stopTimer();
    if (this.live) {
      this.publish(
        'connection',
        this.encoder.connection(this.headerIds.connection++, iso(), 'OFFLINE'),
        1,
        true,
      );
      // An empty retained payload deletes the retained message: benchmarks leave no thousands of ghosts.
      if (opts.clearRetained) {
        this.publish('connection', '', 1, true);
        this.publish('factsheet', '', 1, true);
      }
    }
    this.live = false;
    this.audioPart?.close();
    await this.transport.close();
  }

  /** Cuts the connection as a crash would, so the broker publishes the CONNECTIONBROKEN last will. */
  kill(): void {
    this.stopTimer();
    this.live = false;
    this.audioPart?.close();
    this.transport.kill();
  }

  /** The robot's audio (the groups it holds, what plays), once it received an audio action. */
  get audio(): RobotAudio | undefined {
    return this.audioPart;
  }

  /** Publishes the state now, as after every change. */
  publishState(timestamp = iso()): void {
    this.publish('state', this.encoder.state(this.headerIds.state++, timestamp, this.vehicle), 0, false);
  }

  private publishFactsheet(timestamp: string): void {
    this.publish(
      'factsheet',
      this.encoder.factsheet(this.headerIds.factsheet++, timestamp, this.factsheetBody),
      1,
      true,
    );
  }

  private receive(topic: CommandTopic, payload: Buffer): void {
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      reportValidationError(this.vehicle, topic, 'not JSON');
      if (this.live) this.publishState();
      return;
    }
    if (topic === 'order') {
      const order = orderSchema.safeParse(json);
      if (order.success) acceptOrder(this.vehicle, order.data);
      else reportValidationError(this.vehicle, topic, describe(order.error));
    } else {
      const actions = instantActionsSchema.safeParse(json);
      if (actions.success) receiveInstantActions(this.vehicle, this.takeAudio(actions.data));
      else reportValidationError(this.vehicle, topic, describe(actions.error));
    }
    if (this.live) this.publishState();
  }

  /** Hands the audio actions to the robot's audio (which reports them itself) and returns the others. */
  private takeAudio(actions: InstantAction[]): InstantAction[] {
    if (!actions.some((a) => isAudioAction(a.actionType))) return actions;
    this.audioPart ??= new RobotAudio(
      this.vehicle,
      () => {
        if (this.live) this.publishState();
      },
      this.opts.audio,
    );
    const rest: InstantAction[] = [];
    for (const a of actions) {
      if (isAudioAction(a.actionType)) this.audioPart.receive(a);
      else rest.push(a);
    }
    return rest;
  }

  private publish(sub: Topic, payload: string, qos: 0 | 1, retain: boolean): void {
    const sent = this.transport.publish(sub, payload, qos, retain);
    this.opts.onPublish?.(sub, payload, sent);
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

/** The first problem, with the field it concerns: `nodes.0.nodeId: expected string`. */
function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  return `${issue.path.join('.') || 'message'}: ${issue.message}`;
}

function iso(ms = Date.now()): string {
  return new Date(ms).toISOString();
}
