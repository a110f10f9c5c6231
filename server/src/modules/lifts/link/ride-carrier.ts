import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { LiftSessions, RideOutcome } from '../rides/lift-sessions.js';
import type { RidePlan } from '../rides/ride.js';
import { askToCancel, claimRide, insertRide, type OpenRide, openRides } from '../rides/ride-rows.js';
import { type InstanceTransport, listenToOthers, tellOthers } from './instance-channel.js';

/** The PostgreSQL NOTIFY channel the instances hand rides over on. */
export const RIDES_CHANNEL = 'fc_lift_rides';

const REPLACED = 'replaced by a new command';

/** A ride written, to be started once its transaction is committed. */
export interface WrittenRide {
  plan: RidePlan;
  robotId: string;
  commandId: string | null;
  /** Rides of the robot running elsewhere that this one replaces. */
  replaced: string[];
  /** Written to run here (decided once: the instances may change before it starts). */
  here: boolean;
}

type Message = { t: 'take'; rideId: string } | { t: 'cancel'; rideId: string; note: string };

export interface RideCarrierDeps {
  reg: Db;
  sessions: LiftSessions;
  log: FastifyBaseLogger;
  /** Several instances share the fleet; alone, every ride runs here. */
  shared: boolean;
  /** This instance's id among the others (null alone). */
  self: string | null;
  /** The instances alive now, as this one last read them. */
  alive(): ReadonlySet<string>;
  /** Whether this instance carries the lift's building. */
  carries(liftId: string): boolean;
  /** How long a newly started instance may go unseen by the others. */
  unseenMs: number;
  /** The ride's command ended (its status follows the ride). */
  commandEnded(commandId: string, outcome: RideOutcome): void;
  /** Speaks with the other instances (PostgreSQL LISTEN/NOTIFY); absent alone. */
  transport?: InstanceTransport;
}

/**
 * LIFTS-RIDES-CARRIED: a robot's ride is run by the instance that carries the lift's building, whichever instance
 * its command came through, and goes on (not ended) on the instance carrying the building next when that one stops
 * or dies. Every ride is written (its plan, then its state as it changes); the instance a command came through
 * writes it for the carrier and tells it so, and the carrier takes it up. Every second each instance takes up the
 * rides of its buildings that nobody runs, or whose instance is gone, from their last written state.
 */
/** How many ended rides' outcomes are remembered (for a device call taken over while its robot rode). */
const OUTCOMES_KEPT = 1000;

export class RideCarrier {
  private link: { close(): Promise<void> } | null = null;
  private readonly taking = new Set<string>();
  private readonly outcomes = new Map<string, RideOutcome>();

  constructor(private readonly deps: RideCarrierDeps) {}

  async join(): Promise<void> {
    const { transport, shared, log } = this.deps;
    if (!shared || !transport) return;
    this.link = await listenToOthers<Message>(transport, RIDES_CHANNEL, 'lift rides', log, (m) =>
      this.heard(m),
    );
  }

  /** How a ride that ran here ended; undefined while it runs (or when it ran elsewhere). */
  outcomeOf(rideId: string): RideOutcome | undefined {
    return this.outcomes.get(rideId);
  }

  /** Whether a new ride on this lift runs here. */
  runsHere(liftId: string): boolean {
    return !this.deps.shared || this.deps.carries(liftId);
  }

  /**
   * Writes a new ride (in the caller's transaction, beside its command), to run here or on the carrier; a ride the
   * robot is on elsewhere is asked to end, since this one replaces it. Start it with `run` once committed.
   */
  async write(
    db: Db,
    r: { companyId: string; plan: RidePlan; robotId: string; commandId: string | null },
  ): Promise<WrittenRide> {
    const { self, shared } = this.deps;
    const replaced = shared && self ? await askToCancel(db, r.robotId, REPLACED, self) : [];
    const here = this.runsHere(r.plan.liftId);
    await insertRide(db, { ...r, instanceId: here ? self : null });
    return { plan: r.plan, robotId: r.robotId, commandId: r.commandId, replaced, here };
  }

  /**
   * Starts a written ride: here when this instance carries the lift's building (`done` then hears how it ended
   * too), otherwise the carrier is told to take it up (it does so within a second even if the word is lost).
   */
  run(w: WrittenRide, done?: (o: RideOutcome) => void): void {
    for (const rideId of w.replaced) this.tell({ t: 'cancel', rideId, note: REPLACED });
    if (w.here) {
      this.deps.sessions.startRide(w.plan, w.robotId, (outcome) => {
        this.ended(w.plan.rideId, w.commandId, outcome);
        done?.(outcome);
      });
      return;
    }
    this.tell({ t: 'take', rideId: w.plan.rideId });
  }

  /** Cancels the robot's ride wherever it runs (resolves once the ask is written for another instance). */
  async cancel(robotId: string, note: string): Promise<void> {
    const { sessions, shared, self, reg } = this.deps;
    sessions.cancelRide(robotId, note);
    if (!shared || !self) return;
    for (const rideId of await askToCancel(reg, robotId, note, self))
      this.tell({ t: 'cancel', rideId, note });
  }

  /**
   * Once a second among several instances: takes up the rides of the lifts this instance carries that nobody runs,
   * or whose instance is gone, and ends those it runs that another instance asked to cancel. The open rides' ids
   * (their sessions are theirs: nobody ends them as another instance's leftovers).
   */
  async follow(): Promise<Set<string>> {
    const { reg, sessions, self, alive, unseenMs } = this.deps;
    const open = await openRides(reg);
    const here = new Set(sessions.rideIds());
    const living = alive();
    for (const r of open) {
      if (here.has(r.id)) {
        if (r.cancelNote) sessions.cancelRideById(r.id, r.cancelNote);
        continue;
      }
      if (!self || !this.deps.carries(r.liftId)) continue;
      // A ride written here is started by its command right after (not taken up); an instance that has just
      // started may not be among the living yet: its rides are taken only once it could have been seen.
      const orphan =
        r.instanceId === null ||
        (r.instanceId !== self &&
          !living.has(r.instanceId) &&
          (r.claimedAt?.getTime() ?? 0) < Date.now() - unseenMs);
      if (orphan) await this.takeUp(r.id, r.instanceId);
    }
    return new Set(open.map((r) => r.id));
  }

  async close(): Promise<void> {
    await this.link?.close();
  }

  private heard(m: Message): void {
    if (m.t === 'cancel') this.deps.sessions.cancelRideById(m.rideId, m.note);
    // Taken up by the instance that carries its lift (every instance hears it; only that one claims it).
    if (m.t === 'take')
      void this.follow().catch((err: unknown) =>
        this.deps.log.error({ err, rideId: m.rideId }, 'lift ride not taken up'),
      );
  }

  /** Claims the ride (if it is still run by `from`) and runs it, from its last state when it has one. */
  private async takeUp(rideId: string, from: string | null): Promise<void> {
    const { reg, sessions, self, log } = this.deps;
    if (!self || this.taking.has(rideId) || sessions.rideIds().includes(rideId)) return;
    this.taking.add(rideId);
    try {
      const r = await claimRide(reg, rideId, from, self);
      if (!r) return;
      this.resume(r);
      log.info({ rideId, from }, 'lift ride taken up');
    } finally {
      this.taking.delete(rideId);
    }
  }

  private resume(r: OpenRide): void {
    const { sessions } = this.deps;
    const done = (outcome: RideOutcome) => this.ended(r.id, r.commandId, outcome);
    if (r.state) sessions.resumeRide(r.plan, r.robotId, r.state, r.waitingSince, done);
    else sessions.startRide(r.plan, r.robotId, done);
    if (r.cancelNote) sessions.cancelRideById(r.id, r.cancelNote);
  }

  private ended(rideId: string, commandId: string | null, outcome: RideOutcome): void {
    if (commandId) this.deps.commandEnded(commandId, outcome);
    if (this.outcomes.size >= OUTCOMES_KEPT) {
      const oldest = this.outcomes.keys().next().value;
      if (oldest !== undefined) this.outcomes.delete(oldest);
    }
    this.outcomes.set(rideId, outcome);
  }

  private tell(m: Message): void {
    tellOthers(this.deps.transport, RIDES_CHANNEL, m, 'lift rides', this.deps.log);
  }
}
