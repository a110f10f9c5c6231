import { randomUUID } from 'node:crypto';
import { CALL_END_STATES, type CallState, type DeviceEventKind } from '@fleet/contract';
import {
  type AnswerPolicy,
  type CallPoint,
  type CandidateRobot,
  type NoRobot,
  pickRobot,
} from './pick-robot.js';
import type { RobotGrid } from './robot-grid.js';

/** How long the steps of a call may take before the console acts; per company later, these are the defaults. */
export interface CallTimings {
  /** A call no robot has taken after this long alerts the building's staff pagers, once. */
  escalateAfterS: number;
  /** A call still waiting for a robot after this long ends as expired. */
  expireAfterS: number;
  /** A robot at the point waits this long to be served (an `ack`, or another press); then the call is done. */
  arrivedHoldS: number;
}

export const DEFAULT_CALL_TIMINGS: CallTimings = { escalateAfterS: 60, expireAfterS: 900, arrivedHoldS: 180 };

/** A calling device as the dispatcher needs it: where it is and who may answer it. */
export interface CallingDevice {
  id: string;
  label: string;
  point: CallPoint | null;
  policy: AnswerPolicy;
}

/** How the go-to sent to an answering robot is doing. */
export type GoToProgress = 'running' | 'finished' | 'failed' | 'unknown';

export interface Call {
  id: string;
  deviceId: string;
  buildingId: string;
  state: CallState;
  robotId: string | null;
  robotName: string | null;
  /** The go-to order sent to the robot (null while none is, or for a ride by lift): what a new owner follows. */
  orderId: string | null;
  createdAt: number;
  /** When it entered its current state. */
  since: number;
  escalated: boolean;
  /** Why it is waiting, failed or ended; null while all is well. */
  note: string | null;
}

/** What the dispatcher reaches of the world: devices, robots, their orders, the devices' screens and pagers. */
export interface DispatchPorts {
  now(): number;
  device(deviceId: string): CallingDevice | undefined;
  robots(buildingId: string): CandidateRobot[];
  /**
   * The building's robots online and idle, the only ones a call may take, indexed by place. It may be kept a
   * moment between presses (`fresh`: made now, when a robot was just freed or once a second).
   */
  freeRobots(buildingId: string, fresh: boolean): RobotGrid;
  /** Sends the robot to the device's point; the answer names the command, to follow its progress. */
  sendGoTo(robotId: string, device: CallingDevice & { point: CallPoint }, call: Call): string;
  cancelGoTo(robotId: string, commandId: string): void;
  progress(commandId: string): GoToProgress;
  /** The order a go-to sent (null for a ride by lift, or before it is sent). */
  orderOf(commandId: string): string | null;
  /** Follows an order another instance sent the robot for a call this one takes over; names it as sendGoTo does. */
  followOrder(robotId: string, orderId: string): string;
  /** Tells the device where its call is (its light or screen). */
  showCall(deviceId: string, call: Call, queuePosition: number | null): void;
  /** Alerts the staff pagers of a building; the answer is how many were alerted. */
  alertStaff(buildingId: string, text: string): number;
  /** Where calls and their steps are kept (the database); fire and forget. */
  record: {
    call(call: Call): void;
    event(deviceId: string, kind: DeviceEventKind, detail: Record<string, unknown>, callId?: string): void;
  };
}

const ended = (s: CallState) => CALL_END_STATES.includes(s);

/** Waiting calls shown their new place as soon as the queue moves; those further back learn it within a second. */
const SHOWN_AT_ONCE = 20;
/**
 * Why a call waits is counted over every robot of its building (thousands): once per building and kind of answer
 * policy this often, not for every press while the queue waits.
 */
export const WHY_WAITING_KEPT_MS = 1000;

const noRobotWords = (why: NoRobot) =>
  why.allowed === 0
    ? 'no robot of the building may answer this device'
    : [
        why.busy && `${why.busy} busy`,
        why.lowBattery && `${why.lowBattery} charging below the threshold`,
        why.offline && `${why.offline} offline`,
      ]
        .filter(Boolean)
        .join(', ');

/**
 * Every open call of this server. A press creates a call, or finds the device's open one (a second press never
 * makes a second call). Calls take the nearest free robot of their building in the order they were made; one
 * that finds none waits in the building's queue with its position shown, alerts the building's staff once it
 * has waited too long, and expires in the end. The answering robot's go-to carries the call through arriving
 * and arrived; it is done when someone acknowledges on the device, or after the robot waited long enough.
 */
export class CallDispatch {
  private readonly calls = new Map<string, Call>();
  /** The go-to command each answering call follows. */
  private readonly commands = new Map<string, string>();
  /*
   * Indexes over the open calls, so that a robot's state message (tens of thousands a second), a press and a tick
   * cost what they touch, not the number of open calls: a building can have thousands waiting.
   */
  private readonly openByDevice = new Map<string, Call>();
  private readonly byRobot = new Map<string, Call>();
  /** Each building's waiting calls, first made first. */
  private readonly queues = new Map<string, Call[]>();
  /** The queue position each waiting call's device was last shown. */
  private readonly shownPosition = new Map<string, number>();
  /** Why calls wait, by building and answer policy, and when it was counted. */
  private readonly whyWaiting = new Map<string, { note: string; at: number }>();

  constructor(
    private readonly ports: DispatchPorts,
    private readonly timings: CallTimings = DEFAULT_CALL_TIMINGS,
  ) {}

  /** Whether the robot answers an open call (its changes move the call on). */
  answering(robotId: string): boolean {
    return this.byRobot.has(robotId);
  }

  /** Whether any call is open: robots' changes matter only then. */
  get busy(): boolean {
    return this.calls.size > 0;
  }

  /** The device's open call, if any. */
  openCallOf(deviceId: string): Call | undefined {
    return this.openByDevice.get(deviceId);
  }

  /** The queue place the call's device was last shown (null once a robot is assigned). */
  shownQueuePosition(call: Call): number | null {
    return call.state === 'created' ? (this.shownPosition.get(call.id) ?? null) : null;
  }

  /** Open calls of a building waiting for a robot, first made first. */
  queue(buildingId: string): Call[] {
    return [...(this.queues.get(buildingId) ?? [])];
  }

  /** A press of a calling device: its open call, or a new one; null when the device cannot call (not placed). */
  press(deviceId: string, detail: Record<string, unknown> = {}): Call | null {
    const open = this.openCallOf(deviceId);
    if (open) {
      this.ports.record.event(deviceId, 'press', { ...detail, repeated: true }, open.id);
      // At the point, a press is the person saying they were served.
      if (open.state === 'arrived') this.end(open, 'done', null);
      else this.show(open);
      return open;
    }
    const device = this.ports.device(deviceId);
    this.ports.record.event(deviceId, 'press', detail);
    if (!device?.point) return null;
    const now = this.ports.now();
    const call: Call = {
      id: randomUUID(),
      deviceId,
      buildingId: device.point.buildingId,
      state: 'created',
      robotId: null,
      robotName: null,
      orderId: null,
      createdAt: now,
      since: now,
      escalated: false,
      note: null,
    };
    this.calls.set(call.id, call);
    this.openByDevice.set(deviceId, call);
    const queue = this.queues.get(call.buildingId) ?? [];
    queue.push(call);
    this.queues.set(call.buildingId, queue);
    this.ports.record.event(deviceId, 'callCreated', { label: device.label }, call.id);
    this.ports.record.call(call);
    this.assignQueued(call.buildingId, false);
    if (call.state === 'created') this.show(call);
    return call;
  }

  /** The device's open call taken back, from the device (`cancel`) or by an operator; false when none was open. */
  cancel(deviceId: string, why: string): boolean {
    const open = this.openCallOf(deviceId);
    if (!open) return false;
    this.end(open, 'cancelled', why);
    return true;
  }

  /** Someone acknowledged on the device: the robot at the point was served. */
  ack(deviceId: string): void {
    const open = this.openCallOf(deviceId);
    this.ports.record.event(deviceId, 'ack', {}, open?.id);
    if (open?.state === 'arrived') this.end(open, 'done', null);
  }

  /**
   * A robot changed (moved, finished its order): the call it answers moves on. A robot freed by its call ending
   * takes the next waiting call then; one freed of other work is seen by the next tick.
   */
  onRobot(robotId: string): void {
    const call = this.byRobot.get(robotId);
    if (call) this.follow(call);
  }

  /** Once a second: progress of the robots' go-tos, waiting robots, escalation and expiry do not wait for a message. */
  tick(): void {
    const now = this.ports.now();
    for (const c of [...this.calls.values()]) {
      if (ended(c.state)) {
        this.calls.delete(c.id);
        continue;
      }
      if (c.state === 'created') {
        if (now - c.createdAt >= this.timings.expireAfterS * 1000) {
          this.end(
            c,
            'expired',
            `no robot answered within ${Math.round(this.timings.expireAfterS / 60)} min`,
          );
          continue;
        }
        if (!c.escalated && now - c.createdAt >= this.timings.escalateAfterS * 1000) this.escalate(c);
        continue;
      }
      this.follow(c);
    }
    for (const b of [...this.queues.keys()]) {
      this.assignQueued(b, true);
      this.showPositions(b, Number.POSITIVE_INFINITY);
    }
  }

  /**
   * Takes over an open call another instance carried (it stopped, or the building's calls moved here): a waiting
   * call joins the queue in the order it was made, an answering one follows the order its robot was sent (or the
   * lift ride, which the instance carrying the building goes on with), one at its point waits to be served. One
   * with nothing written to follow fails, saying why. Nothing is told the device that it was not told already.
   */
  adopt(taken: Call): void {
    if (this.calls.has(taken.id) || this.openByDevice.has(taken.deviceId)) return;
    const call = { ...taken };
    this.calls.set(call.id, call);
    this.openByDevice.set(call.deviceId, call);
    if (call.state === 'created') {
      const queue = this.queues.get(call.buildingId) ?? [];
      const at = queue.findIndex((c) => c.createdAt > call.createdAt);
      queue.splice(at < 0 ? queue.length : at, 0, call);
      this.queues.set(call.buildingId, queue);
      this.assignQueued(call.buildingId, true);
      return;
    }
    if (!call.robotId) {
      this.end(call, 'failed', 'the call lost its robot when the console instance carrying it stopped');
      return;
    }
    this.byRobot.set(call.robotId, call);
    if (call.state === 'arrived') return;
    if (!call.orderId) {
      this.end(
        call,
        'failed',
        `${call.robotName ?? 'the robot'} was riding a lift for it when the console instance carrying the call stopped`,
      );
      return;
    }
    this.commands.set(call.id, this.ports.followOrder(call.robotId, call.orderId));
  }

  /**
   * Lets go of the open calls of buildings this instance no longer carries, without ending them: another instance
   * takes them over from what was written. Answers the devices whose call was let go.
   */
  release(keeps: (buildingId: string) => boolean): string[] {
    const released: string[] = [];
    for (const call of [...this.calls.values()]) {
      if (keeps(call.buildingId)) continue;
      this.calls.delete(call.id);
      this.commands.delete(call.id);
      this.unqueue(call);
      if (this.openByDevice.get(call.deviceId) === call) this.openByDevice.delete(call.deviceId);
      if (call.robotId && this.byRobot.get(call.robotId) === call) this.byRobot.delete(call.robotId);
      released.push(call.deviceId);
    }
    return released;
  }

  /** Every open call, for the instances that show them (a copy of each). */
  openCalls(): Call[] {
    return [...this.openByDevice.values()].map((c) => ({ ...c }));
  }

  /** Gives the building's waiting calls, first made first, the nearest free robot each. */
  private assignQueued(buildingId: string, fresh: boolean): void {
    const waiting = this.queues.get(buildingId);
    if (!waiting?.length) return;
    // The building's free robots once for the whole queue; a robot sent is no longer free for the calls after.
    const free = this.ports.freeRobots(buildingId, fresh);
    const answering = (r: CandidateRobot) => this.byRobot.has(r.id);
    let assigned = false;
    for (const call of [...waiting]) {
      const device = this.ports.device(call.deviceId);
      if (!device?.point) {
        // Not given to the next call from here: this loop hands out the free robots itself.
        this.end(call, 'cancelled', 'the device is no longer placed in a building', false);
        continue;
      }
      const choice = free.nearest(device.point, device.policy, answering);
      if (!choice) {
        const note = this.waitingNote(buildingId, device.policy);
        if (call.note !== note) {
          call.note = note;
          this.ports.record.call(call);
        }
        continue;
      }
      const robot = choice.robot;
      free.take(robot.id);
      const command = this.ports.sendGoTo(robot.id, { ...device, point: device.point }, call);
      this.commands.set(call.id, command);
      this.unqueue(call);
      call.robotId = robot.id;
      call.robotName = robot.name;
      call.orderId = this.ports.orderOf(command);
      call.note = null;
      this.byRobot.set(robot.id, call);
      this.move(call, 'assigned', 'robotAssigned', {
        robotId: robot.id,
        distanceM: Math.round(choice.distanceM * 10) / 10,
      });
      assigned = true;
    }
    // Those next in line learn their new place at once; the rest of a long queue with the next tick.
    if (assigned) this.showPositions(buildingId, SHOWN_AT_ONCE);
  }

  /** Why a call of the building with this policy finds no robot, in words (counted at most once a second). */
  private waitingNote(buildingId: string, policy: AnswerPolicy): string {
    const key = `${buildingId} ${JSON.stringify(policy)}`;
    const now = this.ports.now();
    const kept = this.whyWaiting.get(key);
    if (kept && now - kept.at < WHY_WAITING_KEPT_MS) return kept.note;
    for (const [k, w] of this.whyWaiting) if (now - w.at >= WHY_WAITING_KEPT_MS) this.whyWaiting.delete(k);
    const all = this.ports
      .robots(buildingId)
      .map((r) => ({ ...r, onCall: r.onCall || this.byRobot.has(r.id) }));
    // Only whether any robot may go, and why not, is read: the building alone matters, not where the call is.
    const point = { buildingId, floorId: '', x: 0, y: 0 };
    const full = pickRobot(point, all, policy);
    const note = `waiting for a robot: ${noRobotWords(full.robot ? { allowed: all.length, busy: all.length, lowBattery: 0, offline: 0 } : full.why)}`;
    this.whyWaiting.set(key, { note, at: now });
    return note;
  }

  /** Shows the first `upTo` waiting calls of the building their place in the queue, where it changed. */
  private showPositions(buildingId: string, upTo: number): void {
    const waiting = this.queues.get(buildingId) ?? [];
    for (let i = 0; i < waiting.length && i < upTo; i++) {
      const call = waiting[i];
      if (call && this.shownPosition.get(call.id) !== i + 1) this.show(call);
    }
  }

  private unqueue(call: Call): void {
    const waiting = this.queues.get(call.buildingId);
    if (!waiting) return;
    const at = waiting.indexOf(call);
    if (at >= 0) waiting.splice(at, 1);
    if (!waiting.length) this.queues.delete(call.buildingId);
    this.shownPosition.delete(call.id);
  }

  /** An answering call follows its robot's go-to. */
  private follow(call: Call): void {
    const command = this.commands.get(call.id);
    // A ride by lift is known once planned, after the robot was assigned: written then, for whoever takes over.
    const order = command ? this.ports.orderOf(command) : null;
    if (order && order !== call.orderId) {
      call.orderId = order;
      this.ports.record.call(call);
    }
    const progress = command ? this.ports.progress(command) : 'unknown';
    const now = this.ports.now();
    if (call.state === 'assigned' && progress === 'running') this.move(call, 'arriving', 'robotArriving', {});
    if ((call.state === 'assigned' || call.state === 'arriving') && progress === 'finished')
      this.move(call, 'arrived', 'robotArrived', {});
    if ((call.state === 'assigned' || call.state === 'arriving') && progress === 'failed') {
      this.end(call, 'failed', `${call.robotName ?? 'the robot'} could not reach the point`);
      return;
    }
    if (call.state === 'arrived' && now - call.since >= this.timings.arrivedHoldS * 1000)
      this.end(call, 'done', `nobody acknowledged within ${this.timings.arrivedHoldS} s`);
  }

  private escalate(call: Call): void {
    call.escalated = true;
    const device = this.ports.device(call.deviceId);
    const alerted = this.ports.alertStaff(
      call.buildingId,
      `${device?.label ?? 'A device'} has waited ${Math.round(this.timings.escalateAfterS)} s for a robot`,
    );
    this.ports.record.event(call.deviceId, 'callEscalated', { pagers: alerted }, call.id);
    this.ports.record.call(call);
  }

  private move(call: Call, state: CallState, kind: DeviceEventKind, detail: Record<string, unknown>): void {
    call.state = state;
    call.since = this.ports.now();
    this.ports.record.event(call.deviceId, kind, detail, call.id);
    this.ports.record.call(call);
    this.show(call);
  }

  private end(call: Call, state: CallState, note: string | null, reassign = true): void {
    const command = this.commands.get(call.id);
    // A robot still on its way is called off; one that arrived is simply free again.
    if (command && call.robotId && (call.state === 'assigned' || call.state === 'arriving'))
      this.ports.cancelGoTo(call.robotId, command);
    this.commands.delete(call.id);
    this.unqueue(call);
    if (this.openByDevice.get(call.deviceId) === call) this.openByDevice.delete(call.deviceId);
    if (call.robotId && this.byRobot.get(call.robotId) === call) this.byRobot.delete(call.robotId);
    const kind: Record<string, DeviceEventKind> = {
      done: 'callDone',
      cancelled: 'callCancelled',
      failed: 'callFailed',
      expired: 'callExpired',
    };
    call.note = note;
    this.move(call, state, kind[state] ?? 'callDone', note ? { note } : {});
    // The robot it had, or its place in the queue, goes to the next (a robot freed: weighed afresh).
    if (reassign) this.assignQueued(call.buildingId, call.robotId !== null);
  }

  private show(call: Call): void {
    let position: number | null = null;
    if (call.state === 'created') {
      position = (this.queues.get(call.buildingId) ?? []).indexOf(call) + 1 || null;
      if (position) this.shownPosition.set(call.id, position);
    }
    this.ports.showCall(call.deviceId, call, position);
  }
}
