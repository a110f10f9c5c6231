import {
  ALERTED_TYPES,
  CALLING_TYPES,
  type DeviceCommand,
  type DeviceEvent,
  type DeviceEventKind,
} from '@fleet/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Counter, type Registry } from 'prom-client';
import type { Db } from '../../../db/client.js';
import type { Fleet } from '../../../fleet/fleet-service.js';
import type { LiftLink } from '../../lifts/link/lift-link.js';
import { type Call, CallDispatch, type CallTimings, DEFAULT_CALL_TIMINGS } from '../calls/call-dispatch.js';
import { CallRecords } from '../calls/call-records.js';
import { CallRobots } from '../calls/call-robots.js';
import {
  allDeviceRows,
  type DeviceRow,
  deviceRowsByIds,
  endCallsLeftOpen,
  saveDeviceFacts,
} from '../repo.js';
import { CallCarrier } from './call-carrier.js';
import type { MeshTransport, SharedCall } from './call-mesh.js';
import { DeviceIngest } from './device-ingest.js';
import { type DeviceIdentity, DeviceLiveStore } from './device-live-store.js';
import { deviceTopic } from './topics.js';

const TICK_MS = 1000;
/** Battery, signal and last seen reach the database this often (searches filter on them). */
const FLUSH_MS = 5000;

export const identityOfDevice = (row: DeviceRow): DeviceIdentity => ({
  id: row.id,
  companyId: row.companyId,
  name: row.name,
  label: row.label,
  type: row.type,
  buildingId: row.buildingId,
  floorId: row.floorId,
  point: row.pointX !== null && row.pointY !== null ? { x: row.pointX, y: row.pointY } : null,
  allowedRobotIds: row.allowedRobotIds,
  allowedModels: row.allowedModels,
  minBattery: row.minBattery,
  heartbeatS: row.heartbeatS,
});

export interface DeviceLinkOptions {
  prefix: string;
  reg: Db;
  fleet: Fleet;
  lifts: LiftLink;
  log: FastifyBaseLogger;
  metrics: Registry;
  timings?: CallTimings;
  /** How instances sharing the fleet reach each other (PostgreSQL NOTIFY); unused when this one runs alone. */
  mesh?: MeshTransport;
}

/**
 * The mini devices of this region at run time: their messages in, their live state, and the calls they make —
 * a press becomes a call the dispatcher answers with a robot of the device's building.
 */
/** The steps of a call an integrator is told: it was made, and a robot was sent to answer it. */
const TOLD_CALL_STEPS: ReadonlySet<DeviceEventKind> = new Set(['callCreated', 'robotAssigned']);

export interface CallEvent {
  companyId: string;
  deviceId: string;
  buildingId: string | null;
  label: string;
  kind: DeviceEventKind;
  callId: string;
  detail: Record<string, unknown>;
}
export type CallEventListener = (event: CallEvent) => void;

export class DeviceLink {
  readonly store = new DeviceLiveStore();
  readonly dispatch: CallDispatch;
  readonly records: CallRecords;
  private readonly robots: CallRobots;
  private readonly ingest: DeviceIngest;
  private readonly stops: Array<() => void> = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private readonly changeListeners = new Set<(deviceId: string) => void>();
  private readonly callListeners = new Set<CallEventListener>();
  /** Which calls this instance carries, when several share the fleet, and those the others carry. */
  readonly carrier: CallCarrier;

  private constructor(private readonly opts: DeviceLinkOptions) {
    const accepted = new Counter({
      name: 'device_messages_total',
      help: 'Mini device messages taken in, by topic',
      labelNames: ['topic'] as const,
      registers: [opts.metrics],
    });
    const dropped = new Counter({
      name: 'device_messages_dropped_total',
      help: 'Mini device messages refused, by reason',
      labelNames: ['reason'] as const,
      registers: [opts.metrics],
    });
    this.records = new CallRecords(opts.reg, opts.log);
    this.robots = new CallRobots({ reg: opts.reg, fleet: opts.fleet, lifts: opts.lifts, log: opts.log });
    this.dispatch = new CallDispatch(this.ports(), opts.timings ?? DEFAULT_CALL_TIMINGS);
    this.carrier = new CallCarrier({
      dispatch: this.dispatch,
      store: this.store,
      records: this.records,
      ownership: opts.fleet.ownership,
      reg: opts.reg,
      log: opts.log,
      identityOf: identityOfDevice,
      changed: (deviceId) => this.changed(deviceId),
    });
    this.ingest = new DeviceIngest(
      {
        deviceIdOf: (name) => this.store.deviceIdOf(name),
        connection: (id, state, at) => this.store.connection(id, state, at),
        heartbeat: (id, beat, at) => this.store.heartbeat(id, beat, at),
        event: (id, event, at) => this.onEvent(id, event, at),
      },
      opts.prefix,
      { accepted: (topic) => accepted.inc({ topic }), dropped: (reason) => dropped.inc({ reason }) },
      opts.log,
    );
    this.stops.push(
      opts.fleet.onPeripheralMessage('devices', (topic, payload) => this.ingest.handle(topic, payload)),
      this.store.onOnline((device, online, why) => {
        // Every instance follows every device; its timeline is written by the one carrying its calls.
        if (this.owns(device.id)) this.event(device, online ? 'online' : 'offline', online ? {} : { why });
      }),
      this.store.onChange((deviceId) => this.changed(deviceId)),
      opts.fleet.store.onChange((robot) => {
        if (this.dispatch.busy && this.dispatch.answering(robot.id)) this.dispatch.onRobot(robot.id);
      }),
    );
    const tick = setInterval(() => {
      this.store.sweep(Date.now());
      if (this.dispatch.busy) this.dispatch.tick();
    }, TICK_MS);
    const flush = setInterval(() => void this.flush(), FLUSH_MS);
    tick.unref();
    flush.unref();
    this.timers.push(tick, flush);
  }

  /**
   * Loads the registered devices (with their facts as last written). Alone, it ends the calls an earlier run left
   * open; among other instances, it joins them and takes over the open calls of the buildings it now carries.
   */
  static async start(opts: DeviceLinkOptions): Promise<DeviceLink> {
    const link = new DeviceLink(opts);
    await link.load();
    const { ownership } = opts.fleet;
    if (ownership.instances.length === 1) await endCallsLeftOpen(opts.reg);
    await link.carrier.join(opts.mesh);
    return link;
  }

  /** Whether this instance carries the device's calls (and writes its timeline and facts). */
  owns(deviceId: string): boolean {
    return this.carrier.owns(deviceId);
  }

  /** The device's open call, carried here or by another instance. */
  openCall(deviceId: string): SharedCall | undefined {
    return this.carrier.openCall(deviceId);
  }

  /** A press from the console (a test call): its open call or a new one; null when the device cannot call. */
  pressCall(deviceId: string, detail: Record<string, unknown>): Promise<SharedCall | null> {
    return this.carrier.press(deviceId, detail);
  }

  /** Ends the device's open call, wherever it is carried: the call as it ended (null when none was open). */
  cancelCall(deviceId: string, why: string): Promise<SharedCall | null> {
    return this.carrier.cancel(deviceId, why);
  }

  /** Registers every device of the database (at start, and after the demo is seeded). */
  async load(): Promise<void> {
    for (const row of await allDeviceRows(this.opts.reg))
      this.store.register(identityOfDevice(row), {
        online: false,
        battery: row.battery,
        rssi: row.rssi,
        firmware: row.firmware,
        lastSeenAt: row.lastSeenAt?.getTime() ?? null,
      });
  }

  /** A device registered, edited or placed: the link follows, and so do the other instances. */
  follow(row: DeviceRow): void {
    this.store.register(identityOfDevice(row));
    this.carrier.changedDevices([row.id]);
  }

  /**
   * Devices another area moved off their place (their building or floor was removed): their open calls end and
   * their identities are read again.
   */
  async followMoved(deviceIds: string[], why: string): Promise<void> {
    if (!deviceIds.length) return;
    await Promise.all(deviceIds.map((id) => this.cancelQuietly(id, why)));
    for (const row of await deviceRowsByIds(this.opts.reg, deviceIds)) this.follow(row);
  }

  /** A device removed: its open call ends, the link forgets it. */
  async forget(deviceId: string, why: string): Promise<void> {
    await this.cancelQuietly(deviceId, why);
    this.store.unregister(deviceId);
    this.carrier.goneDevice(deviceId);
  }

  /** Ends the device's open call as part of another change (which goes on even if no instance answers). */
  async cancelQuietly(deviceId: string, why: string): Promise<void> {
    try {
      await this.cancelCall(deviceId, why);
    } catch (err) {
      this.opts.log.warn({ err, deviceId }, 'device call: not cancelled');
    }
  }

  /** Tells a device something (identify, its call's state, an alert). False when it is offline. */
  command(deviceId: string, command: DeviceCommand): boolean {
    const device = this.store.identity(deviceId);
    if (!device || !this.store.facts(deviceId)?.online) return false;
    const { fleet, prefix, log } = this.opts;
    fleet.bus
      .publish(deviceTopic(prefix, device.name, 'command'), JSON.stringify(command), { qos: 1 })
      .catch((err: unknown) => log.warn({ err, device: device.name }, 'device command not sent'));
    return true;
  }

  /** Records a step of the device's life on its timeline. */
  event(
    device: { id: string; companyId: string },
    kind: DeviceEventKind,
    detail: Record<string, unknown>,
    refs: { callId?: string | undefined; actorId?: string | undefined } = {},
  ): void {
    this.records.event({ companyId: device.companyId, deviceId: device.id, kind, detail, ...refs });
  }

  /** Hears of a device whenever its live state or its open call changed (the /live devices stream). */
  onChange(listener: (deviceId: string) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Hears a call being made and a robot being sent to answer it (the webhooks' call events). */
  onCallEvent(listener: CallEventListener): () => void {
    this.callListeners.add(listener);
    return () => this.callListeners.delete(listener);
  }

  /** Writes the facts that changed since the last flush; the writes never overlap. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const dirty = this.store.takeDirty().filter((d) => this.owns(d.id));
      if (dirty.length === 0) return;
      try {
        await saveDeviceFacts(this.opts.reg, dirty);
      } catch (err) {
        this.opts.log.error({ err, devices: dirty.length }, 'device facts not saved');
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    for (const stop of this.stops) stop();
    await this.flush();
    await this.records.settled();
    await this.carrier.close();
  }

  private changed(deviceId: string): void {
    for (const l of this.changeListeners) l(deviceId);
  }

  private onEvent(deviceId: string, e: DeviceEvent, at: number): void {
    const device = this.store.identity(deviceId);
    // Every instance hears the device; only the one carrying its calls acts on what it says.
    if (!device || !this.owns(deviceId)) return;
    if (!this.store.firstSight(deviceId, e.eventId, at)) return;
    if (!CALLING_TYPES.includes(device.type)) {
      // A pager's button: seen, and an alert acknowledged.
      this.event(device, e.type, { eventId: e.eventId });
      return;
    }
    if (e.type === 'press') {
      const call = this.dispatch.press(deviceId);
      if (!call) this.event(device, 'callFailed', { note: 'the device has no place on a floor map' });
    } else if (e.type === 'cancel') {
      this.event(device, 'cancel', { eventId: e.eventId });
      this.dispatch.cancel(deviceId, 'cancelled on the device');
    } else this.dispatch.ack(deviceId);
  }

  private ports() {
    const { store } = this;
    const companyOf = (deviceId: string) => store.identity(deviceId)?.companyId;
    return {
      now: () => Date.now(),
      device: (deviceId: string) => {
        const d = store.identity(deviceId);
        if (!d || !CALLING_TYPES.includes(d.type)) return undefined;
        return {
          id: d.id,
          label: d.label,
          point:
            d.buildingId && d.floorId && d.point
              ? { buildingId: d.buildingId, floorId: d.floorId, x: d.point.x, y: d.point.y }
              : null,
          policy: {
            allowedRobotIds: d.allowedRobotIds,
            allowedModels: d.allowedModels,
            minBattery: d.minBattery,
          },
        };
      },
      robots: (buildingId: string) => this.robots.candidates(buildingId),
      freeRobots: (buildingId: string, fresh: boolean) =>
        this.robots.freeRobots(buildingId, fresh, (id) => this.dispatch.answering(id)),
      sendGoTo: (
        robotId: string,
        device: { label: string; point: { buildingId: string; floorId: string; x: number; y: number } },
        call: Call,
      ) => this.robots.goTo(robotId, device.point, device.label, companyOf(call.deviceId) ?? ''),
      cancelGoTo: (robotId: string, command: string) => this.robots.cancel(robotId, command),
      progress: (command: string) => this.robots.progress(command),
      orderOf: (command: string) => this.robots.orderOf(command),
      followOrder: (robotId: string, orderId: string) => this.robots.followOrder(robotId, orderId),
      showCall: (deviceId: string, call: Call, queuePosition: number | null) => {
        this.carrier.callChanged(deviceId);
        this.command(deviceId, {
          type: 'callState',
          callId: call.id,
          state: call.state,
          robotName: call.robotName,
          queuePosition,
          timestamp: new Date().toISOString(),
        });
      },
      alertStaff: (buildingId: string, text: string) => {
        let alerted = 0;
        for (const pager of store.inBuilding(buildingId, ALERTED_TYPES)) {
          const alertId = crypto.randomUUID();
          if (!this.command(pager.id, { type: 'alert', alertId, text, timestamp: new Date().toISOString() }))
            continue;
          alerted++;
          this.event(pager, 'alertSent', { text, alertId });
        }
        return alerted;
      },
      record: {
        call: (call: Call) => {
          this.carrier.callChanged(call.deviceId);
          const companyId = companyOf(call.deviceId);
          if (companyId) this.records.call(companyId, call);
        },
        event: (
          deviceId: string,
          kind: DeviceEventKind,
          detail: Record<string, unknown>,
          callId?: string,
        ) => {
          const companyId = companyOf(deviceId);
          if (companyId) this.records.event({ companyId, deviceId, kind, detail, callId });
          if (companyId && callId && this.callListeners.size && TOLD_CALL_STEPS.has(kind)) {
            const device = store.identity(deviceId);
            for (const l of this.callListeners)
              l({
                companyId,
                deviceId,
                buildingId: device?.buildingId ?? null,
                label: device?.label ?? '',
                kind,
                callId,
                detail,
              });
          }
        },
      },
    };
  }
}
