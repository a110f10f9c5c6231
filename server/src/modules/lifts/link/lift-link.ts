import type { FastifyBaseLogger } from 'fastify';
import { Counter, type Registry } from 'prom-client';
import type { Db } from '../../../db/client.js';
import { instantActionMessage } from '../../../fleet/commands/vda-commands.js';
import { vdaHeader } from '../../../fleet/commands/vda-header.js';
import type { Fleet } from '../../../fleet/fleet-service.js';
import { buildingKey, REGISTRY_TIMINGS } from '../../../fleet/instances/instance-registry.js';
import { ownerOf } from '../../../fleet/instances/rendezvous.js';
import type { Listen } from '../../../fleet/robot-changes.js';
import { robotTopic } from '../../../fleet/vda/topics.js';
import {
  allBanks,
  allGateways,
  allLifts,
  endSession,
  insertEvent,
  insertSession,
  openSessions,
  setSessionPhase,
} from '../repo.js';
import { legOrder } from '../rides/leg-order.js';
import { LiftSessions, type SessionPorts, type SessionRecorder } from '../rides/lift-sessions.js';
import { endOpenRides, endRideRow, setRideState } from '../rides/ride-rows.js';
import { runSessionOp } from '../run-session-op.js';
import { identityOfLift } from './identity-of-lift.js';
import type { InstanceTransport } from './instance-channel.js';
import { followLiftChanges } from './lift-changes.js';
import { LiftIngest } from './lift-ingest.js';
import { LiftLiveStore } from './lift-live-store.js';
import { RideCarrier } from './ride-carrier.js';
import { SessionMesh } from './session-mesh.js';
import { liftRequestTopic } from './topics.js';

const SWEEP_MS = 1000;

interface LiftLinkOptions {
  prefix: string;
  reg: Db;
  fleet: Fleet;
  log: FastifyBaseLogger;
  metrics: Registry;
  /** How the instances speak (PostgreSQL LISTEN/NOTIFY): rides are handed to the carrier of their building. */
  transport?: InstanceTransport;
  /**
   * Hears the database's notifications (PostgreSQL, which several instances share): lifts, banks and gateways
   * changed through another instance are read again here (lift-changes.ts). Absent with PGlite.
   */
  listen?: Listen;
}

/**
 * The lifts of this region at run time: their gateways' messages in, the live store of their states, the sessions
 * that hold them (rides, test calls, operators), and the requests and robot orders those send out. Built once the
 * fleet runs, since rides drive its robots.
 */
export class LiftLink {
  readonly store = new LiftLiveStore();
  readonly sessions: LiftSessions;
  /** Where rides run among several instances (LIFTS-RIDES-CARRIED); alone, here. */
  readonly rides: RideCarrier;
  /** Operators' commands and test calls, run by the carrier of the lift's building (LIFTS-SESSIONS-CARRIED). */
  readonly sessionOps: SessionMesh;
  private readonly ingest: LiftIngest;
  private readonly stops: Array<() => void> = [];
  private readonly sweep: NodeJS.Timeout;
  /** Robot sessions a bank may have open at once, by bank id. */
  private readonly bankLimits = new Map<string, number>();
  /** Among several instances: the session another live instance holds, by lift (read every second). */
  private heldElsewhere = new Map<string, string>();
  /** Sessions of stopped instances this one has ended already (their end is being written). */
  private readonly endedHere = new Set<string>();
  private following = false;
  private changes: { close(): Promise<void> } | null = null;

  private constructor(private readonly opts: LiftLinkOptions) {
    const accepted = new Counter({
      name: 'lift_messages_total',
      help: 'Lift gateway messages taken in, by topic',
      labelNames: ['topic'] as const,
      registers: [opts.metrics],
    });
    const dropped = new Counter({
      name: 'lift_messages_dropped_total',
      help: 'Lift gateway messages refused, by reason',
      labelNames: ['reason'] as const,
      registers: [opts.metrics],
    });
    this.ingest = new LiftIngest(
      this.store,
      this.store,
      opts.prefix,
      { accepted: (topic) => accepted.inc({ topic }), dropped: (reason) => dropped.inc({ reason }) },
      opts.log,
    );
    this.sessions = new LiftSessions(this.ports());
    const { ownership } = opts.fleet;
    this.rides = new RideCarrier({
      reg: opts.reg,
      sessions: this.sessions,
      log: opts.log,
      shared: ownership.shared,
      self: ownership.self,
      alive: () => new Set(ownership.instances),
      carries: (liftId) => this.carries(liftId),
      unseenMs: REGISTRY_TIMINGS.aliveMs,
      commandEnded: (commandId, outcome) =>
        opts.fleet.commands.record(
          commandId,
          outcome.finished ? 'finished' : 'failed',
          outcome.finished ? null : outcome.reason,
        ),
      ...(opts.transport ? { transport: opts.transport } : {}),
    });
    this.sessionOps = new SessionMesh({
      self: ownership.self,
      carrierOf: (liftId) => this.carrierOf(liftId),
      runHere: (op) => runSessionOp({ reg: opts.reg, store: this.store, sessions: this.sessions }, op),
      log: opts.log,
      ...(opts.transport && ownership.shared ? { transport: opts.transport } : {}),
    });
    this.stops.push(
      opts.fleet.onPeripheralMessage('lifts', (topic, payload) => this.ingest.handle(topic, payload)),
    );
    this.stops.push(this.store.onChange((lift) => this.sessions.onLift(lift.id)));
    this.stops.push(
      opts.fleet.store.onChange((robot) => {
        if (this.sessions.rideOf(robot.id)) this.sessions.onRobot(robot.id);
      }),
    );
    this.sweep = setInterval(() => {
      this.store.sweepStale(Date.now());
      if (opts.fleet.ownership.shared) void this.followOthers();
      this.sessions.tick();
    }, SWEEP_MS);
    this.sweep.unref();
  }

  /**
   * Loads the registered gateways and lifts. Alone, it ends the sessions an earlier run left open; among other
   * instances, those are theirs, or ended by the instance carrying their building once their holder is gone.
   */
  static async start(opts: LiftLinkOptions): Promise<LiftLink> {
    const link = new LiftLink(opts);
    // Heard before the lifts are read, so a change made in between is not missed.
    if (opts.listen) link.changes = await followLiftChanges(opts.listen, opts.reg, link, opts.log);
    await link.load();
    await link.rides.join();
    await link.sessionOps.join();
    if (opts.fleet.ownership.instances.length === 1) {
      const open = await openSessions(opts.reg);
      link.sessions.reconcile(open.map((s) => ({ sessionId: s.id, liftId: s.liftId })));
      // Alone, nobody can go on with the rides an earlier run left: their commands fail saying why.
      const note = 'the server restarted during the ride';
      for (const commandId of await endOpenRides(opts.reg, note))
        opts.fleet.commands.record(commandId, 'failed', note);
    } else await link.followOthers();
    return link;
  }

  /**
   * LIFTS-SESSIONS-SHARED: each instance finishes the sessions it opened; it opens none on a lift another live
   * instance holds (as written in lift_sessions), and the instance carrying a building ends the sessions of its
   * lifts whose holder is gone (stopped or dead), so no lift stays locked.
   */
  private async followOthers(): Promise<void> {
    if (this.following) return;
    this.following = true;
    try {
      const { ownership } = this.opts.fleet;
      // Rides first: a ride taken up here holds its session here, which is then not another instance's leftover.
      const rides = await this.rides.follow();
      const alive = new Set(ownership.instances);
      const elsewhere = new Map<string, string>();
      const gone: Array<{ sessionId: string; liftId: string }> = [];
      for (const s of await openSessions(this.opts.reg)) {
        if (s.instanceId === ownership.self || this.sessions.holder(s.liftId)?.sessionId === s.id) continue;
        if (s.instanceId && alive.has(s.instanceId)) elsewhere.set(s.liftId, s.id);
        // An instance that has just started may not be in this one's list yet: its sessions are only ended once
        // they are older than an instance may go unseen.
        // A ride's session goes with its ride, which the carrier takes up.
        else if (
          !rides.has(s.id) &&
          this.carries(s.liftId) &&
          !this.endedHere.has(s.id) &&
          s.openedAt.getTime() < Date.now() - REGISTRY_TIMINGS.aliveMs
        )
          gone.push({ sessionId: s.id, liftId: s.liftId });
      }
      this.heldElsewhere = elsewhere;
      for (const s of gone) this.endedHere.add(s.sessionId);
      if (gone.length) this.sessions.reconcile(gone, 'the console instance holding the session stopped');
    } catch (err) {
      this.opts.log.warn({ err }, 'lifts: the sessions of the other instances were not read');
    } finally {
      this.following = false;
    }
  }

  /** Whether this instance carries the lift's building (among several instances; alone, every lift). */
  private carries(liftId: string): boolean {
    const buildingId = this.store.identity(liftId)?.buildingId;
    return !buildingId || this.opts.fleet.ownership.owns(buildingKey(buildingId));
  }

  /** The instance carrying the lift's building; a lift made on another instance since this one started is read. */
  private async carrierOf(liftId: string): Promise<string | null> {
    if (!this.store.identity(liftId)) await this.load();
    const buildingId = this.store.identity(liftId)?.buildingId;
    return buildingId ? ownerOf(buildingKey(buildingId), this.opts.fleet.ownership.instances) : null;
  }

  /**
   * Registers every gateway, bank and lift of the database (at start, after the demo is seeded, and after the link
   * to the other instances was lost); answers the gateways and lifts it read.
   */
  async load(): Promise<{ gatewayIds: Set<string>; liftIds: Set<string> }> {
    const { reg } = this.opts;
    const gateways = await allGateways(reg);
    for (const g of gateways) this.store.registerGateway(g.id);
    for (const b of await allBanks(reg)) this.setBankLimit(b.id, b.policy.maxSessions);
    const lifts = await allLifts(reg);
    for (const { lift, buildingId } of lifts) this.store.register(identityOfLift(lift, buildingId));
    return { gatewayIds: new Set(gateways.map((g) => g.id)), liftIds: new Set(lifts.map((l) => l.lift.id)) };
  }

  /**
   * A building was removed with its banks and lifts (the foreign keys cascade): their sessions end (a robot riding
   * stops, its task fails saying why) and the live store forgets them.
   */
  forgetBuilding(buildingId: string, actor: { id: string; name: string }): void {
    for (const liftId of this.store.liftsOfBuilding(buildingId)) {
      this.sessions.release(liftId, actor, 'the building was removed');
      this.store.unregister(liftId);
    }
  }

  /**
   * A lift gone from the database, removed through another instance (with its bank or building): the sessions
   * this instance holds on it end as an operator's release would end them, and the store forgets it.
   */
  forgetLift(liftId: string): void {
    if (!this.store.identity(liftId)) return;
    this.sessions.release(liftId, null, 'the lift was removed');
    this.store.unregister(liftId);
  }

  setBankLimit(bankId: string, maxSessions: number): void {
    this.bankLimits.set(bankId, maxSessions);
  }

  async close(): Promise<void> {
    clearInterval(this.sweep);
    await this.changes?.close();
    for (const stop of this.stops) stop();
    await this.rides.close();
    await this.sessionOps.close();
  }

  private ports(): SessionPorts {
    const { reg, log, fleet } = this.opts;
    const saved = (what: string) => (err: unknown) => log.error({ err }, `lift ${what} not saved`);
    const record: SessionRecorder = {
      opened: (s) => {
        const lift = this.store.identity(s.liftId);
        if (!lift) return;
        insertSession(reg, {
          id: s.sessionId,
          companyId: lift.companyId,
          liftId: s.liftId,
          purpose: s.purpose,
          robotIds: s.robotIds,
          openedBy: s.openedBy,
          phase: s.phase,
          fromFloor: s.fromFloor,
          toFloor: s.toFloor,
          deadline: new Date(s.deadline),
          instanceId: fleet.ownership.self,
        }).catch(saved('session'));
      },
      phase: (id, phase) => {
        setSessionPhase(reg, id, phase).catch(saved('session phase'));
      },
      ended: (id, reason, note, endedBy) => {
        endSession(reg, id, { endReason: reason, endNote: note, endedBy }).catch(saved('session end'));
      },
      rideState: (id, state, waitingSince) => {
        setRideState(reg, id, state, waitingSince).catch(saved('ride state'));
      },
      rideOver: (id, note) => {
        endRideRow(reg, id, note).catch(saved('ride end'));
      },
      event: (liftId, kind, detail, refs) => {
        const lift = this.store.identity(liftId);
        if (!lift) return;
        insertEvent(reg, {
          companyId: lift.companyId,
          liftId,
          kind,
          detail,
          sessionId: refs.sessionId ?? null,
          robotId: refs.robotId ?? null,
          actorId: refs.actorId ?? null,
        }).catch(saved('event'));
      },
    };
    const toRobot = (robotId: string, topic: 'order' | 'instantActions', payload: object) => {
      const robot = fleet.store.identity(robotId);
      if (!robot) return;
      fleet.bus
        .publish(
          robotTopic(fleet.prefix, robot.manufacturer, robot.serialNumber, topic),
          JSON.stringify(payload),
          {
            qos: 1,
          },
        )
        .catch((err: unknown) => log.error({ err, robotId }, 'ride order not sent'));
    };
    return {
      now: () => Date.now(),
      lift: (liftId) => {
        const id = this.store.identity(liftId);
        const live = this.store.get(liftId);
        return id && live && { name: id.name, bankId: id.bankId, report: live.report, blocked: live.blocked };
      },
      robot: (robotId) => {
        const facts = fleet.store.facts(robotId);
        if (!facts) return undefined;
        return {
          online: facts.connection === 'ONLINE',
          orderId: facts.orderId,
          openNodes: facts.openNodes,
          driving: facts.driving,
          position: facts.position && { ...facts.position },
        };
      },
      bankLimit: (bankId) => this.bankLimits.get(bankId) ?? 1,
      request: (liftId, r) => {
        const lift = this.store.identity(liftId);
        if (!lift) return;
        const topic = liftRequestTopic(this.opts.prefix, lift.gatewayId, lift.liftName);
        fleet.bus
          .publish(topic, JSON.stringify({ ...r, timestamp: new Date().toISOString() }), { qos: 1 })
          .catch((err: unknown) => log.error({ err, liftId }, 'lift request not sent'));
      },
      order: (robotId, leg) => {
        const robot = fleet.store.identity(robotId);
        if (robot) toRobot(robotId, 'order', legOrder(vdaHeader(robot), leg));
      },
      cancelOrder: (robotId) => {
        const robot = fleet.store.identity(robotId);
        if (robot)
          toRobot(robotId, 'instantActions', instantActionMessage(vdaHeader(robot), 'cancel').message);
      },
      record,
      rideEnded: (robotId, rideId, finished, liftWaitS) =>
        fleet.history.endRide(robotId, rideId, finished, liftWaitS),
      ...(fleet.ownership.shared
        ? {
            heldElsewhere: (liftId: string) => this.heldElsewhere.get(liftId) ?? null,
            carries: (liftId: string) => this.carries(liftId),
          }
        : {}),
    };
  }
}
