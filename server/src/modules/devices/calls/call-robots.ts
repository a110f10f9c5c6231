import { randomUUID } from 'node:crypto';
import { COMMAND_TIMEOUT_MS } from '@fleet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { commandProgress } from '../../../fleet/commands/command-progress.js';
import { goToOrder } from '../../../fleet/commands/go-to-order.js';
import { instantActionMessage } from '../../../fleet/commands/vda-commands.js';
import { vdaHeader } from '../../../fleet/commands/vda-header.js';
import type { Fleet } from '../../../fleet/fleet-service.js';
import { robotTopic } from '../../../fleet/vda/topics.js';
import type { LiftLink } from '../../lifts/link/lift-link.js';
import { planRide } from '../../lifts/rides/plan-ride.js';
import type { GoToProgress } from './call-dispatch.js';
import type { CallPoint, CandidateRobot } from './pick-robot.js';
import { RobotGrid } from './robot-grid.js';

/** How long a call's go-to is followed at most: a call expires well before. */
const FOLLOW_FOR_MS = 2 * 60 * 60 * 1000;

/**
 * A building's free robots are gathered at most this often for the presses in between: a hundred presses a second
 * in a building of ten thousand robots would otherwise each walk them all. A robot sent meanwhile is taken out of
 * it, and one given other work is checked live before it is chosen.
 */
export const FREE_ROBOTS_KEPT_MS = 200;

/** A go-to by lift is written on its call as its ride's reference. */
const RIDE_REFERENCE = /^ride-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A go-to sent for a call, as followed here: an order by its id, or a lift ride by its outcome. */
interface Sent {
  robotId: string;
  /** The order's id, once sent (a ride has none here). */
  orderId: string | null;
  /** The lift ride's id, for a go-to by lift: its outcome is the ride's. */
  rideId: string | null;
  sentAt: number;
  seenRunning: boolean;
  /** Set when the outcome is known without the robot's state: a ride ended, sending failed. */
  outcome: 'finished' | 'failed' | null;
  /** The robot_commands row, so that what the robot did shows on its page as any command. */
  commandRowId: string | null;
}

/**
 * The robots' side of calls: which robots could answer in a building, and sending one to a device's point — a
 * VDA 5050 order on its floor, or a lift ride to another floor when the building has lifts — recorded as a
 * command of the robot (issued by no person) and followed to its end.
 */
export class CallRobots {
  private readonly sent = new Map<string, Sent>();
  private readonly free = new Map<string, { grid: RobotGrid; at: number }>();

  constructor(private readonly deps: { reg: Db; fleet: Fleet; lifts: LiftLink; log: FastifyBaseLogger }) {}

  /** Robots placed in the building, with what the dispatcher weighs; `freeOnly`: those online and idle alone. */
  candidates(buildingId: string, freeOnly = false): CandidateRobot[] {
    const { fleet, lifts } = this.deps;
    const out: CandidateRobot[] = [];
    for (const robot of fleet.store.inBuilding(buildingId)) {
      const { identity } = robot;
      const online = robot.connection === 'ONLINE';
      const idle = robot.status === 'idle' && !lifts.sessions.rideOf(identity.id);
      if (freeOnly && !(online && idle)) continue;
      out.push({
        id: identity.id,
        name: identity.name,
        model: identity.model,
        buildingId: identity.buildingId,
        online,
        idle,
        battery: robot.battery,
        position: robot.position && { ...robot.position },
        onCall: false,
      });
    }
    return out;
  }

  /**
   * The building's free robots, indexed by place, leaving out those `answering` a call (one waiting at a call's
   * point is idle, yet not free); `fresh`: gathered now, else possibly a moment ago.
   */
  freeRobots(buildingId: string, fresh: boolean, answering: (robotId: string) => boolean): RobotGrid {
    const now = Date.now();
    const kept = this.free.get(buildingId);
    if (kept && !fresh && now - kept.at < FREE_ROBOTS_KEPT_MS) return kept.grid;
    const free = this.candidates(buildingId, true).filter((r) => !answering(r.id));
    const grid = new RobotGrid(free, (id) => this.isFree(id));
    this.free.set(buildingId, { grid, at: now });
    return grid;
  }

  /** Online, idle and riding no lift, as the live fleet says now. */
  private isFree(robotId: string): boolean {
    const robot = this.deps.fleet.store.facts(robotId);
    return (
      robot?.connection === 'ONLINE' && robot.status === 'idle' && !this.deps.lifts.sessions.rideOf(robotId)
    );
  }

  /** Sends the robot to the point; answers at once with the id to follow, the sending itself goes on behind. */
  goTo(robotId: string, point: CallPoint, label: string, companyId: string): string {
    const id = randomUUID();
    // Go-tos of calls long over are not followed any more; the map holds them oldest first.
    for (const [old, s] of this.sent) {
      if (s.sentAt >= Date.now() - FOLLOW_FOR_MS) break;
      this.sent.delete(old);
    }
    const sent: Sent = {
      robotId,
      orderId: null,
      rideId: null,
      sentAt: Date.now(),
      seenRunning: false,
      outcome: null,
      commandRowId: null,
    };
    this.sent.set(id, sent);
    this.send(sent, point, label, companyId).catch((err: unknown) => {
      sent.outcome = 'failed';
      this.deps.log.warn({ err, robotId }, 'call: the robot could not be sent');
    });
    return id;
  }

  /** The order a go-to sent the robot, or for a ride by lift its reference (`ride-<id>`). */
  orderOf(id: string): string | null {
    const sent = this.sent.get(id);
    if (!sent) return null;
    return sent.orderId ?? (sent.rideId ? `ride-${sent.rideId}` : null);
  }

  /**
   * Follows an order another instance sent the robot for a call taken over here: known to have been under way, so
   * the robot on another order means it was given other work.
   */
  followOrder(robotId: string, orderId: string): string {
    const id = randomUUID();
    const ride = RIDE_REFERENCE.exec(orderId)?.[1] ?? null;
    this.sent.set(id, {
      robotId,
      // A ride by lift is followed by its outcome: the instance carrying the building goes on with it.
      orderId: ride ? null : orderId,
      rideId: ride,
      sentAt: Date.now() - COMMAND_TIMEOUT_MS,
      seenRunning: true,
      outcome: null,
      commandRowId: null,
    });
    return id;
  }

  /** Calls the robot off: its order is cancelled (or its lift ride ended). */
  cancel(robotId: string, id: string): void {
    const { fleet, lifts, log } = this.deps;
    const sent = this.sent.get(id);
    this.sent.delete(id);
    if (lifts.sessions.rideOf(robotId)) {
      lifts.sessions.cancelRide(robotId, 'the call was ended');
      return;
    }
    const robot = fleet.store.identity(robotId);
    // Only the order sent for the call is cancelled: a robot already given other work keeps it.
    if (!robot || !sent?.orderId || fleet.store.progress(robotId)?.orderId !== sent.orderId) return;
    const { message } = instantActionMessage(vdaHeader(robot), 'cancel');
    fleet.bus
      .publish(
        robotTopic(fleet.prefix, robot.manufacturer, robot.serialNumber, 'instantActions'),
        JSON.stringify(message),
        {
          qos: 1,
        },
      )
      .catch((err: unknown) => log.error({ err, robotId }, 'call: cancel not sent'));
  }

  progress(id: string): GoToProgress {
    const sent = this.sent.get(id);
    if (!sent) return 'unknown';
    if (sent.outcome) return sent.outcome;
    if (sent.rideId) {
      const ride = this.deps.lifts.rides.outcomeOf(sent.rideId);
      if (ride) sent.outcome = ride.finished ? 'finished' : 'failed';
      return sent.outcome ?? 'running';
    }
    if (!sent.orderId) return 'running';
    const progress = this.deps.fleet.store.progress(sent.robotId);
    const facts = this.deps.fleet.store.facts(sent.robotId);
    const p =
      progress &&
      facts &&
      commandProgress(
        { type: 'goTo', reference: sent.orderId },
        { ...progress, actionStates: facts.actionStates },
      );
    if (p?.status === 'running') {
      sent.seenRunning = true;
      return 'running';
    }
    if (p?.status === 'finished')
      return sent.seenRunning || Date.now() - sent.sentAt > 1000 ? 'finished' : 'running';
    // The robot works on another order: someone gave it other work, or it never took ours.
    if (sent.seenRunning || Date.now() - sent.sentAt > COMMAND_TIMEOUT_MS) return 'failed';
    return 'unknown';
  }

  private async send(sent: Sent, point: CallPoint, label: string, companyId: string): Promise<void> {
    const { fleet, lifts, reg } = this.deps;
    const robot = fleet.store.identity(sent.robotId);
    const at = fleet.store.facts(sent.robotId)?.position;
    // A copy: the store's is updated in place while the ride is planned.
    const position = at && { ...at };
    if (!robot || !position || !robot.buildingId) throw new Error('the robot is gone or has no position');
    const goal = {
      x: point.x,
      y: point.y,
      theta: 0,
      mapId: point.floorId,
      stationId: `call-${label}`,
      name: label,
    };
    const detail = `Call: ${label} (${point.x.toFixed(1)}, ${point.y.toFixed(1)})`;
    if (position.mapId !== point.floorId && lifts.store.liftsOfBuilding(robot.buildingId).length > 0) {
      const plan = await planRide(
        { reg, link: lifts },
        {
          companyId,
          robot: { id: robot.id, name: robot.name, model: robot.model, buildingId: robot.buildingId },
          position,
          goal,
        },
      );
      fleet.history.noteOrigin(`ride-${plan.rideId}`, 'call');
      sent.rideId = plan.rideId;
      sent.commandRowId = fleet.commands.addSystem({
        companyId,
        robotId: robot.id,
        reference: `ride-${plan.rideId}`,
        detail: `${detail}, by lift`,
        status: 'running',
      });
      // A call is carried by the instance carrying its building, as the ride is: it runs here.
      const ride = await lifts.rides.write(reg, {
        companyId,
        plan,
        robotId: robot.id,
        commandId: sent.commandRowId,
      });
      lifts.rides.run(ride, (outcome) => {
        sent.outcome = outcome.finished ? 'finished' : 'failed';
      });
      return;
    }
    const order = goToOrder(vdaHeader(robot), position, goal);
    sent.orderId = order.orderId;
    fleet.history.noteOrigin(order.orderId, 'call');
    sent.commandRowId = fleet.commands.addSystem({
      companyId,
      robotId: robot.id,
      reference: order.orderId,
      detail,
      status: 'sent',
    });
    fleet.commands.follow({
      id: sent.commandRowId,
      robotId: robot.id,
      type: 'goTo',
      reference: order.orderId,
    });
    await fleet.bus.publish(
      robotTopic(fleet.prefix, robot.manufacturer, robot.serialNumber, 'order'),
      JSON.stringify(order),
      { qos: 1 },
    );
  }
}
