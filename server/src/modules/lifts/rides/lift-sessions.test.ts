import type { LiftBlock, LiftLanding } from '@fleet/contract';
import { SimLift } from '@fleet/sim';
import { describe, expect, it } from 'vitest';
import { FakeRobot } from './fake-robot.fixture.js';
import { LiftSessions, type RideOutcome, type SessionRecorder } from './lift-sessions.js';
import type { RidePlan, RideSnapshot } from './ride.js';

const T0 = 1_800_000_000_000;
const landing = (floorId: string, floorCode: string): LiftLanding => ({
  floorId,
  side: 'front',
  floorCode,
  outside: { x: 10, y: 5, theta: 0 },
  inside: { x: 10, y: 8, theta: 0 },
});
const POLICY = {
  doorHoldS: 10,
  callTimeoutS: 60,
  boardingTimeoutS: 30,
  rideTimeoutS: 60,
  sessionTimeoutS: 300,
};

const planFor = (rideId: string, robotId: string, liftId: string): RidePlan => ({
  rideId,
  robotName: robotId,
  liftId,
  from: landing('lobby', 'L'),
  to: landing('f12', '12'),
  goal: { x: 30, y: 20, theta: 0, mapId: 'f12', stationId: 's' },
  policy: POLICY,
});

function setup(
  opts: {
    bankLimit?: number;
    /** Several instances: the sessions other live instances hold, by lift, and the lifts this one carries. */
    shared?: { elsewhere: Map<string, string>; carries: (liftId: string) => boolean };
  } = {},
) {
  let now = T0;
  const lifts = new Map<string, { sim: SimLift; bankId: string; block: LiftBlock | null }>([
    [
      'A',
      {
        sim: new SimLift('A', ['L', '12'], { floorTravelS: 1, doorS: 1, humanDwellS: 3 }),
        bankId: 'bank',
        block: null,
      },
    ],
    [
      'B',
      {
        sim: new SimLift('B', ['L', '12'], { floorTravelS: 1, doorS: 1, humanDwellS: 3 }),
        bankId: 'bank',
        block: null,
      },
    ],
  ]);
  const robots = new Map([
    ['r1', new FakeRobot(2)],
    ['r2', new FakeRobot(2)],
  ]);
  const log: string[] = [];
  const ended: Array<[string, string, string | null]> = [];
  /** Each ride's state as last written (through JSON, as the database keeps it), how many writes, how it ended. */
  const written = new Map<string, { state: RideSnapshot; waitingSince: number | null }>();
  const writes = { count: 0 };
  const over: Array<[string, string | null]> = [];
  const record: SessionRecorder = {
    rideState: (id, state, waitingSince) => {
      writes.count++;
      written.set(id, { state: JSON.parse(JSON.stringify(state)), waitingSince });
    },
    rideOver: (id, note) => over.push([id, note]),
    opened: (s) => log.push(`opened ${s.liftId} ${s.purpose} ${s.robotIds.join()}`),
    phase: () => {},
    ended: (id, reason, _note, by) => ended.push([id, reason, by]),
    event: (liftId, kind, _d, refs) => log.push(`${liftId} ${kind}${refs.robotId ? ` ${refs.robotId}` : ''}`),
  };
  const ports: ConstructorParameters<typeof LiftSessions>[0] = {
    now: () => now,
    lift: (id) => {
      const l = lifts.get(id);
      return l && { name: `Lift ${id}`, bankId: l.bankId, report: l.sim.state(now), blocked: l.block };
    },
    robot: (id) => {
      const r = robots.get(id);
      return (
        r && {
          online: r.online,
          orderId: r.orderId,
          openNodes: r.openNodes,
          driving: r.driving,
          position: r.position,
        }
      );
    },
    bankLimit: () => opts.bankLimit ?? 2,
    request: (liftId, r) => lifts.get(liftId)?.sim.request({ ...r, timestamp: new Date(now).toISOString() }),
    order: (robotId, leg) => robots.get(robotId)?.take(leg),
    cancelOrder: (robotId) => robots.get(robotId)?.cancel(),
    record,
    ...(opts.shared
      ? {
          heldElsewhere: (liftId: string) => opts.shared?.elsewhere.get(liftId) ?? null,
          carries: (liftId: string) => opts.shared?.carries(liftId) ?? true,
        }
      : {}),
  };
  let sessions = new LiftSessions(ports);
  /** The instance running the sessions stops; another, with nothing in memory, takes over. */
  const handOver = () => {
    sessions = new LiftSessions(ports);
    return sessions;
  };
  const step = (seconds: number, until: () => boolean = () => false) => {
    for (let i = 0; i < seconds * 10 && !until(); i++) {
      now += 100;
      for (const r of robots.values()) r.step(0.1);
      for (const l of lifts.values()) l.sim.step(0.1);
      for (const id of lifts.keys()) sessions.onLift(id);
      for (const id of robots.keys()) sessions.onRobot(id);
      if (i % 10 === 0) sessions.tick();
    }
  };
  const ride = (rideId: string, robotId: string, liftId = 'A') => {
    const outcome: { value: RideOutcome | null } = { value: null };
    sessions.startRide(planFor(rideId, robotId, liftId), robotId, (o) => {
      outcome.value = o;
    });
    return outcome;
  };
  return {
    get sessions() {
      return sessions;
    },
    handOver,
    written,
    writes,
    over,
    lifts,
    robots,
    log,
    ended,
    step,
    ride,
    now: () => now,
  };
}

describe('lift sessions (LIFTS-SESSIONS)', () => {
  it('one robot per car: the second waits at the landing, then rides when the first is out', () => {
    const w = setup();
    const first = ride(w, 'ride-1', 'r1');
    const second = ride(w, 'ride-2', 'r2');
    w.step(15, () => w.sessions.waiting('A').length > 0 && w.sessions.holder('A') !== undefined);
    expect(w.sessions.holder('A')).toMatchObject({ purpose: 'ride', robotIds: ['r1'] });
    expect(w.sessions.waiting('A').map((x) => x.robotId)).toEqual(['r2']);
    w.step(120, () => first.value !== null && second.value !== null);
    expect(first.value).toEqual({ finished: true });
    expect(second.value).toEqual({ finished: true });
    expect(w.log.filter((l) => l.startsWith('opened'))).toEqual(['opened A ride r1', 'opened A ride r2']);
    expect(w.sessions.holder('A')).toBeUndefined();
  });

  it('keeps a bank to its limit of robot sessions', () => {
    const w = setup({ bankLimit: 1 });
    ride(w, 'ride-1', 'r1', 'A');
    ride(w, 'ride-2', 'r2', 'B');
    w.step(20, () => w.sessions.holder('A') !== undefined && w.sessions.waiting('B').length > 0);
    expect(w.sessions.holder('B')).toBeUndefined();
    expect(w.sessions.waiting('B').map((x) => x.robotId)).toEqual(['r2']);
  });

  it('a test call is refused while a robot holds the lift, and works once it is free', async () => {
    const w = setup();
    const r = ride(w, 'ride-1', 'r1');
    w.step(30, () => w.sessions.holder('A') !== undefined);
    expect(w.sessions.testCall('A', '12', 30_000, 'ops')).toBeNull();
    w.step(120, () => r.value !== null);
    const pending = w.sessions.testCall('A', 'L', 30_000, 'ops');
    w.step(30, () => w.sessions.holder('A') === undefined);
    await expect(pending).resolves.toMatchObject({ passed: true, floor: 'L' });
  });

  it('an operator’s force-release fails the robot’s ride, naming who and why (LIFTS-FORCE-RELEASE)', () => {
    const w = setup();
    const r = ride(w, 'ride-1', 'r1');
    w.step(30, () => w.sessions.holder('A') !== undefined);
    expect(w.sessions.release('A', { id: 'u1', name: 'Ops' }, 'door jammed')).toBe(true);
    expect(r.value).toEqual({ finished: false, reason: 'released by Ops: door jammed' });
    expect(w.ended).toContainEqual(['ride-1', 'forceReleased', 'u1']);
    expect(w.lifts.get('A')?.sim.state(w.now()).sessionId).toBeNull();
    expect(w.sessions.release('A', { id: 'u1', name: 'Ops' }, 'again')).toBe(false);
  });

  it('ends a session the lift reports that nobody holds: a restart leaves no lift locked (LIFTS-RECOVERY)', () => {
    const w = setup();
    const sim = w.lifts.get('A')?.sim as SimLift;
    sim.request({ sessionId: 'left-over', requestType: 'agvMode', destinationFloor: '12', timestamp: '' });
    w.sessions.reconcile([{ sessionId: 'old-db-session', liftId: 'B' }]);
    expect(w.ended).toContainEqual(['old-db-session', 'restart', null]);
    w.step(3);
    expect(sim.state(w.now()).sessionId).toBe('left-over');
    w.step(10);
    expect(sim.state(w.now()).sessionId).toBeNull();
    expect(w.ended).toContainEqual(['left-over', 'orphan', null]);
  });

  it('an operator session holds the car until robot mode is switched off, and keeps robots waiting', () => {
    const w = setup();
    expect(
      w.sessions.operate(
        'A',
        'u1',
        { requestType: 'agvMode', destinationFloor: '12', doorState: 'open' },
        60_000,
      ),
    ).toBe(true);
    const r = ride(w, 'ride-1', 'r1');
    w.step(20);
    expect(w.sessions.holder('A')).toMatchObject({ purpose: 'operator' });
    expect(w.sessions.waiting('A').map((x) => x.robotId)).toEqual(['r1']);
    w.sessions.operate('A', 'u1', { requestType: 'humanMode' }, 60_000);
    w.step(120, () => r.value !== null);
    expect(r.value).toEqual({ finished: true });
  });
});

function ride(w: ReturnType<typeof setup>, rideId: string, robotId: string, liftId = 'A') {
  return w.ride(rideId, robotId, liftId);
}

describe('lift sessions with several instances (LIFTS-SESSIONS-SHARED)', () => {
  it('a session another live instance holds is not ended as an orphan, and nothing opens beside it', () => {
    const elsewhere = new Map([['A', 'theirs']]);
    const w = setup({ shared: { elsewhere, carries: () => true } });
    const sim = w.lifts.get('A')?.sim as SimLift;
    sim.request({ sessionId: 'theirs', requestType: 'agvMode', destinationFloor: '12', timestamp: '' });
    const r = ride(w, 'ride-1', 'r1');
    w.step(20);
    // The other instance's session goes on; the ride waits at the landing; tests and operators are refused.
    expect(sim.state(w.now()).sessionId).toBe('theirs');
    expect(w.ended).toEqual([]);
    expect(w.sessions.holder('A')).toBeUndefined();
    expect(w.sessions.waiting('A').map((x) => x.robotId)).toEqual(['r1']);
    expect(w.sessions.testCall('A', 'L', 30_000, 'ops')).toBeNull();
    expect(w.sessions.operate('A', 'ops', { requestType: 'agvMode' }, 60_000)).toBe(false);
    // The other instance ends its session: the ride takes the lift.
    sim.request({ sessionId: 'theirs', requestType: 'endSession', timestamp: '' });
    elsewhere.delete('A');
    w.step(120, () => r.value !== null);
    expect(r.value).toEqual({ finished: true });
  });

  it('only the instance carrying the lift’s building ends a session no live instance holds', () => {
    const carrying = { value: false };
    const w = setup({ shared: { elsewhere: new Map(), carries: () => carrying.value } });
    const sim = w.lifts.get('A')?.sim as SimLift;
    sim.request({ sessionId: 'left-over', requestType: 'agvMode', destinationFloor: '12', timestamp: '' });
    w.step(20);
    expect(sim.state(w.now()).sessionId).toBe('left-over');
    expect(w.ended).toEqual([]);
    carrying.value = true;
    w.step(10);
    expect(sim.state(w.now()).sessionId).toBeNull();
    expect(w.ended).toContainEqual(['left-over', 'orphan', null]);
  });
});

describe('a ride goes on where its instance stopped (LIFTS-RIDES-CARRIED)', () => {
  it('is written as it changes, and another instance goes on from the last state in the session it held', () => {
    const w = setup();
    ride(w, 'ride-1', 'r1');
    w.step(60, () => w.sessions.rideOf('r1')?.phase === 'riding');
    const last = w.written.get('ride-1');
    expect(last?.state).toMatchObject({ phase: 'riding', sessionOpen: true, current: 'board' });
    // Written when it changed, not at every look (10 a second for a minute).
    expect(w.writes.count).toBeLessThan(20);
    const opened = w.log.filter((l) => l.startsWith('opened')).length;

    const next = w.handOver();
    const outcome: { value: RideOutcome | null } = { value: null };
    next.resumeRide(planFor('ride-1', 'r1', 'A'), 'r1', must(last).state, must(last).waitingSince, (o) => {
      outcome.value = o;
    });
    expect(next.holder('A')).toMatchObject({ sessionId: 'ride-1', purpose: 'ride', robotIds: ['r1'] });
    w.step(120, () => outcome.value !== null);
    expect(outcome.value).toEqual({ finished: true });
    // The session it held is the one ended; none other was opened.
    expect(w.log.filter((l) => l.startsWith('opened')).length).toBe(opened);
    expect(w.ended).toEqual([['ride-1', 'completed', null]]);
    expect(w.over).toEqual([['ride-1', null]]);
    expect(w.robots.get('r1')?.position).toMatchObject({ x: 30, y: 20, mapId: 'f12' });
  });

  it('a ride cancelled by its id ends its session and fails saying why', () => {
    const w = setup();
    const r = ride(w, 'ride-1', 'r1');
    w.step(60, () => w.sessions.holder('A') !== undefined);
    w.sessions.cancelRideById('ride-1', 'replaced by a new command');
    expect(r.value).toEqual({ finished: false, reason: 'replaced by a new command' });
    expect(w.over).toEqual([['ride-1', 'replaced by a new command']]);
    expect(w.sessions.holder('A')).toBeUndefined();
  });
});

function must<T>(v: T | undefined): T {
  if (v === undefined) throw new Error('missing');
  return v;
}
