import type { DeviceEventKind } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import {
  type Call,
  CallDispatch,
  type CallingDevice,
  type DispatchPorts,
  type GoToProgress,
} from './call-dispatch.js';
import type { CandidateRobot } from './pick-robot.js';
import { RobotGrid } from './robot-grid.js';

/** A building with devices and robots the test moves by hand, recording what the dispatcher did. */
function world() {
  let now = 1_000_000;
  const devices = new Map<string, CallingDevice>();
  const robots = new Map<string, CandidateRobot>();
  const progress = new Map<string, GoToProgress>();
  const sent: Array<{ robotId: string; deviceId: string; command: string }> = [];
  const cancelled: string[] = [];
  const shown: Array<{ deviceId: string; state: string; queuePosition: number | null }> = [];
  const alerts: string[] = [];
  let robotReads = 0;
  const events: Array<{ deviceId: string; kind: DeviceEventKind }> = [];
  const place = (id: string, x: number) =>
    devices.set(id, {
      id,
      label: `Table ${id}`,
      point: { buildingId: 'cafe', floorId: 'ground', x, y: 0 },
      policy: { allowedRobotIds: [], allowedModels: [], minBattery: 20 },
    });
  const addRobot = (id: string, x: number) =>
    robots.set(id, {
      id,
      name: `Server ${id}`,
      model: 'Server',
      buildingId: 'cafe',
      online: true,
      idle: true,
      battery: 90,
      position: { mapId: 'ground', x, y: 0 },
      onCall: false,
    });
  const ports: DispatchPorts = {
    now: () => now,
    device: (id) => devices.get(id),
    robots: () => {
      robotReads++;
      return [...robots.values()];
    },
    freeRobots: () => new RobotGrid([...robots.values()].filter((r) => r.online && r.idle)),
    sendGoTo: (robotId, _device, { id: callId }) => {
      const command = `cmd-${sent.length + 1}`;
      const call = [...calls()].find((c) => c.id === callId);
      sent.push({ robotId, deviceId: call?.deviceId ?? callId, command });
      progress.set(command, 'unknown');
      const r = robots.get(robotId);
      if (r) r.idle = false;
      return command;
    },
    cancelGoTo: (_robotId, command) => {
      cancelled.push(command);
    },
    progress: (command) => progress.get(command) ?? 'unknown',
    orderOf: (command) => `order-of-${command}`,
    followOrder: (robotId, orderId) => {
      const command = `follows-${orderId}`;
      sent.push({ robotId, deviceId: '', command });
      progress.set(command, 'running');
      return command;
    },
    showCall: (deviceId, call, queuePosition) => shown.push({ deviceId, state: call.state, queuePosition }),
    alertStaff: (_b, text) => {
      alerts.push(text);
      return 2;
    },
    record: {
      call: () => {},
      event: (deviceId, kind) => events.push({ deviceId, kind }),
    },
  };
  const dispatch = new CallDispatch(ports, { escalateAfterS: 60, expireAfterS: 600, arrivedHoldS: 120 });
  const calls = () => ['t1', 't2', 't3'].flatMap((d) => dispatch.openCallOf(d) ?? []) as Call[];
  /** The robot's go-to reports, and the robot is free again once it is over. */
  const report = (command: string, p: GoToProgress) => {
    progress.set(command, p);
    const robotId = sent.find((s) => s.command === command)?.robotId ?? '';
    const r = robots.get(robotId);
    if (r && p !== 'running') r.idle = true;
    dispatch.onRobot(robotId);
  };
  const later = (s: number) => {
    now += s * 1000;
    dispatch.tick();
  };
  return {
    dispatch,
    place,
    addRobot,
    report,
    later,
    sent,
    cancelled,
    shown,
    alerts,
    events,
    devices,
    robots,
    robotReads: () => robotReads,
  };
}

describe('calls from mini devices (DEVICES-CALLS)', () => {
  it('a press sends the nearest free robot, which goes arriving, arrived, and done when the guest acknowledges', () => {
    const w = world();
    w.place('t1', 10);
    w.addRobot('far', 40);
    w.addRobot('near', 12);
    const call = w.dispatch.press('t1');
    expect(call).toMatchObject({ state: 'assigned', robotId: 'near', robotName: 'Server near' });
    expect(w.sent).toEqual([{ robotId: 'near', deviceId: 't1', command: 'cmd-1' }]);
    w.report('cmd-1', 'running');
    expect(call?.state).toBe('arriving');
    w.report('cmd-1', 'finished');
    expect(call?.state).toBe('arrived');
    expect(w.shown.at(-1)).toEqual({ deviceId: 't1', state: 'arrived', queuePosition: null });
    w.dispatch.ack('t1');
    expect(call?.state).toBe('done');
    expect(w.events.filter((e) => e.deviceId === 't1').map((e) => e.kind)).toEqual([
      'press',
      'callCreated',
      'robotAssigned',
      'robotArriving',
      'robotArrived',
      'ack',
      'callDone',
    ]);
  });

  it('a second press while a call is open makes no second call', () => {
    const w = world();
    w.place('t1', 10);
    w.addRobot('a', 12);
    const first = w.dispatch.press('t1');
    const again = w.dispatch.press('t1');
    expect(again).toBe(first);
    expect(w.sent).toHaveLength(1);
  });

  it('with every robot busy a call waits in the queue with its position, then takes the first robot freed', () => {
    const w = world();
    w.place('t1', 10);
    w.place('t2', 20);
    w.place('t3', 30);
    w.addRobot('only', 0);
    const first = w.dispatch.press('t1');
    const second = w.dispatch.press('t2');
    const third = w.dispatch.press('t3');
    expect([first?.state, second?.state, third?.state]).toEqual(['assigned', 'created', 'created']);
    expect(second?.note).toBe('waiting for a robot: 1 busy');
    expect(w.shown.filter((s) => s.deviceId === 't3').at(-1)).toMatchObject({ queuePosition: 2 });
    // The robot serves t1; t2, first in the queue, gets it, and t3 moves up.
    w.report('cmd-1', 'finished');
    w.dispatch.ack('t1');
    expect(second).toMatchObject({ state: 'assigned', robotId: 'only' });
    expect(w.shown.filter((s) => s.deviceId === 't3').at(-1)).toMatchObject({ queuePosition: 1 });
  });

  it('a call nobody answers alerts the staff once, then expires', () => {
    const w = world();
    w.place('t1', 10);
    const call = w.dispatch.press('t1');
    expect(call?.note).toBe('waiting for a robot: no robot of the building may answer this device');
    w.later(59);
    expect(w.alerts).toEqual([]);
    w.later(1);
    expect(w.alerts).toEqual(['Table t1 has waited 60 s for a robot']);
    w.later(60);
    expect(w.alerts).toHaveLength(1);
    w.later(480);
    expect(call).toMatchObject({ state: 'expired', note: 'no robot answered within 10 min' });
  });

  it('a robot that cannot reach the point fails the call; one left waiting at the point is released in time', () => {
    const w = world();
    w.place('t1', 10);
    w.place('t2', 20);
    w.addRobot('a', 0);
    const lost = w.dispatch.press('t1');
    w.report('cmd-1', 'failed');
    expect(lost).toMatchObject({ state: 'failed', note: 'Server a could not reach the point' });
    const served = w.dispatch.press('t2');
    w.report('cmd-2', 'finished');
    expect(served?.state).toBe('arrived');
    w.later(119);
    expect(served?.state).toBe('arrived');
    w.later(1);
    expect(served).toMatchObject({ state: 'done', note: 'nobody acknowledged within 120 s' });
  });

  it('a cancel calls the robot off; a press at the point counts as served', () => {
    const w = world();
    w.place('t1', 10);
    w.addRobot('a', 0);
    const call = w.dispatch.press('t1');
    expect(w.dispatch.cancel('t1', 'cancelled on the device')).toBe(true);
    expect(call?.state).toBe('cancelled');
    expect(w.cancelled).toEqual(['cmd-1']);
    expect(w.dispatch.cancel('t1', 'again')).toBe(false);
    w.report('cmd-1', 'failed');
    const next = w.dispatch.press('t1');
    w.report('cmd-2', 'finished');
    w.dispatch.press('t1');
    expect(next?.state).toBe('done');
  });

  it('a waiting call whose device was unplaced is cancelled, and the freed robot goes to one call only', () => {
    const w = world();
    w.place('t1', 10);
    w.place('t2', 20);
    w.place('t3', 30);
    w.addRobot('only', 0);
    w.dispatch.press('t1');
    const [second, third] = [w.dispatch.press('t2'), w.dispatch.press('t3')];
    const stillFirst = w.dispatch.openCallOf('t1');
    // t1's robot stays busy elsewhere; t2 is unplaced while it waits; then the robot is free.
    const t2 = w.devices.get('t2');
    if (t2) t2.point = null;
    w.report('cmd-1', 'failed');
    expect(stillFirst?.state).toBe('failed');
    expect(second).toMatchObject({
      state: 'cancelled',
      note: 'the device is no longer placed in a building',
    });
    expect(third).toMatchObject({ state: 'assigned', robotId: 'only', note: null });
    expect(w.sent.map((s) => s.deviceId)).toEqual(['t1', 't3']);
  });

  it('a device not placed in a building cannot call; one unplaced while waiting has its call cancelled', () => {
    const w = world();
    w.devices.set('t1', {
      id: 't1',
      label: 'Loose',
      point: null,
      policy: { allowedRobotIds: [], allowedModels: [], minBattery: 20 },
    });
    expect(w.dispatch.press('t1')).toBeNull();
    w.place('t2', 10);
    const waiting = w.dispatch.press('t2');
    expect(waiting?.state).toBe('created');
    const placed = w.devices.get('t2');
    if (placed) placed.point = null;
    w.later(1);
    expect(waiting).toMatchObject({
      state: 'cancelled',
      note: 'the device is no longer placed in a building',
    });
  });

  it('while every robot is busy, why the calls wait is counted over the building once a second, not per press', () => {
    const w = world();
    w.addRobot('busy', 5);
    const busy = w.robots.get('busy');
    if (busy) busy.idle = false;
    for (const id of ['t1', 't2', 't3']) w.place(id, 10);
    for (const id of ['t1', 't2', 't3']) w.dispatch.press(id);
    expect(w.robotReads()).toBe(1);
    expect(w.dispatch.openCallOf('t3')?.note).toBe('waiting for a robot: 1 busy');
    w.later(1);
    expect(w.robotReads()).toBe(2);
    // A robot freed is taken at once, whatever was counted.
    if (busy) busy.idle = true;
    w.later(0.1);
    expect(w.dispatch.openCallOf('t1')).toMatchObject({ state: 'assigned', robotId: 'busy', note: null });
  });
});

describe('calls taken over from another instance (DEVICES-CALLS-ONE-OWNER)', () => {
  const open = (over: Partial<Call>): Call => ({
    id: `call-${over.deviceId}`,
    deviceId: 't1',
    buildingId: 'cafe',
    state: 'created',
    robotId: null,
    robotName: null,
    orderId: null,
    createdAt: 999_000,
    since: 999_000,
    escalated: false,
    note: null,
    ...over,
  });

  it('waiting calls join the queue in the order they were made and take the free robots', () => {
    const w = world();
    w.place('t1', 10);
    w.place('t2', 20);
    w.dispatch.adopt(open({ deviceId: 't2', createdAt: 999_500 }));
    w.dispatch.adopt(open({ deviceId: 't1', createdAt: 999_000 }));
    expect(w.dispatch.queue('cafe').map((c) => c.deviceId)).toEqual(['t1', 't2']);
    w.addRobot('a', 15);
    w.later(1);
    expect(w.dispatch.openCallOf('t1')).toMatchObject({
      state: 'assigned',
      robotId: 'a',
      orderId: 'order-of-cmd-1',
    });
    expect(w.dispatch.openCallOf('t2')?.state).toBe('created');
  });

  it('an answering call follows the order its robot was sent, to arrived and done', () => {
    const w = world();
    w.place('t1', 10);
    w.addRobot('a', 12);
    w.dispatch.adopt(open({ state: 'arriving', robotId: 'a', robotName: 'Server a', orderId: 'o-7' }));
    expect(w.sent).toEqual([{ robotId: 'a', deviceId: '', command: 'follows-o-7' }]);
    expect(w.dispatch.answering('a')).toBe(true);
    w.report('follows-o-7', 'finished');
    expect(w.dispatch.openCallOf('t1')?.state).toBe('arrived');
    w.dispatch.ack('t1');
    expect(w.dispatch.openCallOf('t1')).toBeUndefined();
    // Taken over, not made here: its creation is not told again.
    expect(w.events.map((e) => e.kind)).toEqual(['robotArrived', 'ack', 'callDone']);
  });

  it('a call whose robot rode a lift for it (no order to follow) fails, saying why', () => {
    const w = world();
    w.place('t1', 10);
    w.dispatch.adopt(open({ state: 'assigned', robotId: 'a', robotName: 'Server a' }));
    expect(w.dispatch.openCallOf('t1')).toBeUndefined();
    expect(w.events.map((e) => e.kind)).toEqual(['callFailed']);
  });

  it('a second copy of a call already open here is ignored', () => {
    const w = world();
    w.place('t1', 10);
    w.dispatch.adopt(open({}));
    w.dispatch.adopt(open({ id: 'other' }));
    expect(w.dispatch.queue('cafe')).toHaveLength(1);
  });

  it('released calls leave this instance unended: nothing is told the device or written', () => {
    const w = world();
    w.place('t1', 10);
    w.addRobot('a', 12);
    w.dispatch.press('t1');
    const told = w.events.length;
    expect(w.dispatch.release(() => false)).toEqual(['t1']);
    expect(w.dispatch.openCallOf('t1')).toBeUndefined();
    expect(w.dispatch.answering('a')).toBe(false);
    expect(w.events).toHaveLength(told);
    expect(w.cancelled).toEqual([]);
  });
});
