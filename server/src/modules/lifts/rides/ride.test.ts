import type { LiftBlock, LiftLanding } from '@fleet/contract';
import { SimLift } from '@fleet/sim';
import { describe, expect, it } from 'vitest';
import { FakeRobot } from './fake-robot.fixture.js';
import { type Leg, Ride, type RideEffect, type RidePlan, type RideView } from './ride.js';

const T0 = 1_800_000_000_000;
const landing = (floorId: string, floorCode: string, y: number): LiftLanding => ({
  floorId,
  side: 'front',
  floorCode,
  outside: { x: 10, y, theta: 0 },
  inside: { x: 10, y: y + 3, theta: 0 },
});
const plan = (over: Partial<RidePlan['policy']> = {}): RidePlan => ({
  rideId: 'ride-1',
  robotName: 'Courier 1',
  liftId: 'lift-1',
  from: landing('lobby', 'L', 5),
  to: landing('f12', '12', 5),
  goal: { x: 30, y: 20, theta: 0, mapId: 'f12', stationId: 'st-9' },
  policy: {
    doorHoldS: 10,
    callTimeoutS: 60,
    boardingTimeoutS: 30,
    rideTimeoutS: 60,
    sessionTimeoutS: 300,
    ...over,
  },
});

interface World {
  ride: Ride;
  robot: FakeRobot;
  lift: SimLift;
  effects: RideEffect[];
  now: number;
  block: LiftBlock | null;
  granted: boolean;
}

function world(p = plan(), robot = new FakeRobot()): World {
  const lift = new SimLift('A', ['L', '2', '12'], { floorTravelS: 1, doorS: 1, humanDwellS: 3 }, '12');
  return { ride: new Ride(p, T0), robot, lift, effects: [], now: T0, block: null, granted: true };
}

function view(w: World): RideView {
  const s = w.lift.state(w.now);
  return {
    now: w.now,
    lift: { name: 'Lift A', report: { ...s }, blocked: w.block },
    robot: {
      online: w.robot.online,
      orderId: w.robot.orderId,
      openNodes: w.robot.openNodes,
      driving: w.robot.driving,
      position: w.robot.position,
    },
    granted: w.granted,
  };
}

/** Carries out the ride's effects on the fake robot and the simulated lift, as the ride manager does. */
function apply(w: World, fx: RideEffect[]): void {
  for (const e of fx) {
    w.effects.push(e);
    if (e.t === 'order') w.robot.take(e.leg);
    if (e.t === 'cancelOrder') w.robot.cancel();
    if (e.t === 'liftRequest')
      w.lift.request({
        sessionId: w.ride.plan.rideId,
        requestType: 'agvMode',
        destinationFloor: e.destinationFloor,
        doorState: e.doorState,
        timestamp: new Date(w.now).toISOString(),
      });
    if (e.t === 'endSession')
      w.lift.request({
        sessionId: w.ride.plan.rideId,
        requestType: 'endSession',
        timestamp: new Date(w.now).toISOString(),
      });
  }
}

/** Runs the world in 100 ms steps until the ride is over or `maxS` passed. */
function run(w: World, maxS = 600, until: () => boolean = () => w.ride.over): void {
  apply(w, w.ride.update(view(w)));
  for (let t = 0; t < maxS * 10 && !until(); t++) {
    w.now += 100;
    w.robot.step(0.1);
    w.lift.step(0.1);
    apply(w, w.ride.update(view(w)));
  }
}

const kinds = (w: World) => w.effects.filter((e) => e.t === 'event').map((e) => (e as { kind: string }).kind);

describe('a robot rides a lift (LIFTS-RIDE)', () => {
  it('goes to the landing, calls the car, boards with the doors held, rides, leaves and ends the session', () => {
    const w = world();
    run(w);
    expect(w.ride.phase).toBe('done');
    expect(w.effects.at(-1)).toEqual({ t: 'finished' });
    expect(kinds(w)).toEqual(['waiting', 'call', 'arrival', 'boarded', 'arrival', 'exited']);
    // The robot ends on the station, on floor 12's map; the lift is released and back in human mode.
    expect(w.robot.position).toMatchObject({ x: 30, y: 20, mapId: 'f12' });
    expect(w.lift.state(w.now)).toMatchObject({ sessionId: null, currentMode: 'human' });
    const orders = w.effects.filter((e) => e.t === 'order').map((e) => (e as { leg: Leg }).leg);
    expect(orders.map((l) => l.nodes.map((n) => n.mapId))).toEqual([
      ['lobby', 'lobby'],
      ['lobby', 'lobby'],
      ['f12', 'f12', 'f12'],
    ]);
    expect(w.effects.filter((e) => e.t === 'endSession')).toEqual([{ t: 'endSession', reason: 'completed' }]);
  });

  it('holds the doors while a slow robot boards, logging each hold', () => {
    const w = world(plan({ doorHoldS: 4 }), new FakeRobot(9));
    run(w);
    expect(w.ride.phase).toBe('done');
    expect(kinds(w).filter((k) => k === 'doorHold').length).toBeGreaterThanOrEqual(4);
  });

  it('waits while another ride holds the lift, then goes', () => {
    const w = world();
    w.granted = false;
    run(w, 120, () => w.ride.phase === 'waiting' && w.now - T0 > 60_000);
    expect(w.ride.phase).toBe('waiting');
    expect(w.ride.note).toBe('waiting for Lift A');
    expect(w.effects.some((e) => e.t === 'openSession')).toBe(false);
    w.granted = true;
    run(w);
    expect(w.ride.phase).toBe('done');
  });

  it('never boards in fire mode: the robot stops, the session ends, the ride fails saying why (LIFTS-ALARM)', () => {
    const w = world();
    run(w, 600, () => w.ride.phase === 'boarding');
    w.lift.setMode('fire');
    w.block = 'fire';
    run(w);
    expect(w.ride.phase).toBe('failed');
    expect(w.ride.note).toBe('Lift A is in fire mode');
    const tail = w.effects.slice(-4).map((e) => e.t);
    expect(tail).toEqual(['cancelOrder', 'endSession', 'event', 'failed']);
    expect(w.effects.find((e) => e.t === 'endSession')).toMatchObject({ reason: 'alarm' });
    expect(w.robot.driving).toBe(false);
  });

  it('does not open a session on a lift in an alarm, and fails after the call timeout', () => {
    const w = world(plan({ callTimeoutS: 20 }));
    w.block = 'emergency';
    run(w);
    expect(w.ride.phase).toBe('failed');
    expect(w.ride.note).toBe('Lift A is in emergency mode');
    expect(w.effects.some((e) => e.t === 'openSession' || e.t === 'liftRequest')).toBe(false);
  });

  it('ends a session the robot never boards within the boarding timeout', () => {
    const robot = new FakeRobot(3);
    const w = world(plan({ boardingTimeoutS: 10 }), robot);
    run(w, 600, () => w.ride.phase === 'boarding');
    robot.cancel();
    robot.take({ orderId: 'someone-else', nodes: [] });
    run(w);
    expect(w.ride.phase).toBe('failed');
    expect(w.ride.note).toBe('Courier 1 did not board within 10 s');
    expect(w.lift.state(w.now).sessionId).toBeNull();
  });

  it('ends the session when the robot goes offline in the car', () => {
    const w = world();
    run(w, 600, () => w.ride.phase === 'riding');
    w.robot.online = false;
    run(w);
    expect(w.ride.phase).toBe('failed');
    expect(w.effects.find((e) => e.t === 'endSession')).toMatchObject({ reason: 'robotOffline' });
  });

  it('an operator’s release ends the session and stops the robot', () => {
    const w = world();
    run(w, 600, () => w.ride.phase === 'boarding');
    apply(w, w.ride.abort(w.now, 'released by Ops: door jammed', 'forceReleased'));
    expect(w.ride.phase).toBe('failed');
    expect(w.effects.find((e) => e.t === 'endSession')).toMatchObject({ reason: 'forceReleased' });
    expect(w.lift.state(w.now).sessionId).toBeNull();
    expect(w.ride.abort(w.now, 'again', 'forceReleased')).toEqual([]);
  });

  it('a session past its deadline is ended whatever it waits for', () => {
    // Boarding and leaving take 20 s each: longer together than the 30 s a session may last.
    const w = world(plan({ sessionTimeoutS: 30, boardingTimeoutS: 60 }), new FakeRobot(20));
    run(w);
    expect(w.ride.phase).toBe('failed');
    expect(w.ride.note).toBe('the lift session passed its 30 s limit');
    expect(w.effects.find((e) => e.t === 'endSession')).toMatchObject({ reason: 'expired' });
  });
});

describe('a ride goes on from its written state on another instance (LIFTS-RIDES-CARRIED)', () => {
  for (const phase of ['toLanding', 'calling', 'boarding', 'riding', 'exiting'] as const) {
    it(`resumed in ${phase}, it finishes as the ride it was, with no second session and the wait counted once`, () => {
      const whole = world();
      run(whole);
      const w = world();
      run(w, 600, () => w.ride.phase === phase);
      // What a carrier that dies leaves in the database, read back by the next one 3 s later.
      const written = JSON.parse(JSON.stringify(w.ride.snapshot()));
      const before = w.effects.length;
      w.ride = Ride.resume(plan(), written);
      for (let i = 0; i < 30; i++) {
        w.now += 100;
        w.robot.step(0.1);
        w.lift.step(0.1);
      }
      run(w);
      expect(w.ride.phase).toBe('done');
      expect(w.robot.position).toMatchObject({ x: 30, y: 20, mapId: 'f12' });
      expect(w.lift.state(w.now)).toMatchObject({ sessionId: null, currentMode: 'human' });
      const after = w.effects.slice(before);
      // The session opened before the handover is the one ended after it.
      expect(w.effects.filter((e) => e.t === 'openSession')).toHaveLength(1);
      expect(after.filter((e) => e.t === 'endSession')).toEqual([{ t: 'endSession', reason: 'completed' }]);
      expect(kinds(w).filter((k) => k !== 'doorHold')).toEqual(kinds(whole).filter((k) => k !== 'doorHold'));
      expect(w.ride.liftWaitS).toBeGreaterThanOrEqual(whole.ride.liftWaitS);
    });
  }

  it('its written state holds no infinity and names the leg the robot was last sent', () => {
    const w = world();
    expect(w.ride.snapshot()).toMatchObject({ phase: 'toLanding', sessionDeadline: null, current: null });
    run(w, 600, () => w.ride.phase === 'boarding');
    const s = w.ride.snapshot();
    expect(s.current).toBe('board');
    expect(s.sessionDeadline).toBeGreaterThan(w.now);
    expect(Ride.resume(plan(), s).snapshot()).toEqual(s);
  });
});
