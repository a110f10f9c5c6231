import { describe, expect, it } from 'vitest';
import { stateDigest } from '../../test/fleet/vda-samples.js';
import { type Change, LiveStore, type RobotIdentity } from './live-store.js';

const robot = (id: string, companyId = 'acme', buildingId: string | null = 'tower'): RobotIdentity => ({
  id,
  companyId,
  name: `Robot ${id}`,
  manufacturer: 'fleetsim',
  serialNumber: `SIM-${id}`,
  model: 'R1',
  buildingId,
  expectedIntervalMs: 5000,
});

function storeWith(...ids: string[]) {
  const store = new LiveStore();
  const changes: Change[] = [];
  for (const id of ids) store.register(robot(id));
  store.onChange((_r, c) => changes.push(c));
  return { store, changes };
}

describe('LiveStore', () => {
  it('keeps its own copy of what it is given, and hands out copies: callers may reuse or keep objects', () => {
    const { store } = storeWith('1');
    const pose = { x: 1, y: 2, theta: 0, mapId: 'floor-1' };
    const speed = { vx: 1, vy: 0, omega: 0 };
    store.applyVisualization('1', pose, speed, 1000);
    const before = store.get('1');
    const facts = store.facts('1');
    const kept = facts?.position;
    // The caller fills the same objects in for the next message (the telemetry batch does).
    pose.x = 5;
    speed.vx = 2;
    expect(store.get('1')).toMatchObject({ position: { x: 1 }, velocity: { vx: 1 } });
    store.applyVisualization('1', pose, speed, 1500);
    expect(store.get('1')).toMatchObject({ position: { x: 5 }, velocity: { vx: 2 } });
    // A record read before does not move with the robot; the facts, read in place, do.
    expect(before).toMatchObject({ position: { x: 1 }, velocity: { vx: 1 } });
    expect(kept?.x).toBe(5);
    // On another floor the robot's position is a new object.
    store.applyVisualization('1', { ...pose, mapId: 'floor-2' }, undefined, 2000);
    expect(kept).toMatchObject({ x: 5, mapId: 'floor-1' });
    expect(store.facts('1')?.position).toMatchObject({ x: 5, mapId: 'floor-2' });
  });

  it('gives each robot a place of its own, and a removed robot’s place to the next one registered', () => {
    const { store } = storeWith('1', '2', '3');
    const placeOf = (id: string) => store.facts(id)?.index;
    expect(['1', '2', '3'].map(placeOf)).toEqual([0, 1, 2]);
    store.register(robot('2', 'acme', 'annex')); // edited: the same robot keeps its place
    expect(placeOf('2')).toBe(1);
    store.unregister('2');
    store.register(robot('4'));
    store.register(robot('5'));
    expect([placeOf('4'), placeOf('5')]).toEqual([1, 3]);
  });

  it('a registered robot that never spoke is offline', () => {
    const { store } = storeWith('1');
    expect(store.get('1')).toMatchObject({ status: 'offline', connection: null, position: null });
  });

  it('tells a change of motion from a change of facts (what the browser needs the whole record for)', () => {
    const { store, changes } = storeWith('1');
    const at = (x: number, mapId = 'floor-1') => ({ x, y: 2, theta: 0, mapId });
    store.applyState('1', stateDigest({ agvPosition: at(1) }), 1000);
    expect(changes.at(-1)?.facts).toBe(true);
    store.applyState(
      '1',
      stateDigest({ agvPosition: at(2), batteryState: { batteryCharge: 79, charging: false } }),
      2000,
    );
    expect(changes.at(-1)).toMatchObject({ facts: false, status: false, errors: false, order: false });
    // Motion on the same floor is not a change: only motion listeners hear it, with the new position.
    const moved: Array<{ x: number | undefined; seen: number | null }> = [];
    store.onMotion((_r, f) => moved.push({ x: f.position?.x, seen: f.lastSeenAt }));
    const before = changes.length;
    store.applyVisualization('1', at(3), { vx: 1, vy: 0, omega: 0 }, 2500);
    expect(changes.length).toBe(before);
    expect(moved).toEqual([{ x: 3, seen: 2500 }]);
    expect(store.get('1')).toMatchObject({ position: { x: 3 }, velocity: { vx: 1 } });
    // Another floor is a change of facts.
    store.applyVisualization('1', at(3, 'floor-2'), undefined, 2600);
    expect(changes.at(-1)?.facts).toBe(true);
    expect(moved).toHaveLength(1);
    store.applyState('1', stateDigest({ agvPosition: at(3, 'floor-2'), paused: true }), 3000);
    expect(changes.at(-1)?.facts).toBe(true);
    store.applyState(
      '1',
      stateDigest({
        agvPosition: at(3, 'floor-2'),
        paused: true,
        errors: [{ errorType: 'bumper', errorLevel: 'WARNING' }],
      }),
      3100,
    );
    expect(changes.at(-1)).toMatchObject({ facts: true, errors: true });
    store.applyState(
      '1',
      stateDigest({
        agvPosition: at(4, 'floor-2'),
        paused: true,
        errors: [{ errorType: 'bumper', errorLevel: 'WARNING' }],
      }),
      3200,
    );
    expect(changes.at(-1)).toMatchObject({ facts: false, errors: false });
    const running = { actionId: 'a1', actionType: 'startPause', actionStatus: 'RUNNING' as const };
    const withAction = (actionStatus: 'RUNNING' | 'FINISHED') =>
      stateDigest({
        agvPosition: at(4, 'floor-2'),
        paused: true,
        errors: [{ errorType: 'bumper', errorLevel: 'WARNING' }],
        actionStates: [{ ...running, actionStatus }],
      });
    store.applyState('1', withAction('RUNNING'), 3300);
    expect(changes.at(-1)?.facts).toBe(true);
    store.applyState('1', withAction('RUNNING'), 3400);
    expect(changes.at(-1)?.facts).toBe(false);
    store.applyState('1', withAction('FINISHED'), 3500);
    expect(changes.at(-1)?.facts).toBe(true);
    expect(store.get('1')?.actionStates).toEqual([{ ...running, actionStatus: 'FINISHED' }]);
    store.sweepStale(3500 + 60_000);
    expect(changes.at(-1)?.facts).toBe(true);
  });

  it('finds a robot by the topic levels it publishes under', () => {
    const { store } = storeWith('1');
    expect(store.idOf('fleetsim', 'SIM-1')).toBe('1');
    expect(store.idOf('fleetsim', 'SIM-2')).toBeUndefined();
  });

  it('folds a state message into position, battery and status, and reports what changed', () => {
    const { store, changes } = storeWith('1');
    store.applyState(
      '1',
      stateDigest({ driving: true, nodeStates: [{ nodeId: 'a', sequenceId: 0 }], orderId: 'o1' }),
      1000,
    );
    expect(store.get('1')).toMatchObject({
      status: 'working',
      connection: 'ONLINE',
      battery: 80,
      position: { x: 1, y: 2, mapId: 'floor-1' },
      orderId: 'o1',
    });
    expect(changes.at(-1)).toMatchObject({ robotId: '1', status: true, connection: true, order: true });
  });

  it('one node less of the same order is progress, not a new order; a new order is not progress', () => {
    const { store, changes } = storeWith('1');
    const nodes = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ nodeId: `n${i}`, sequenceId: i * 2 }));
    store.applyState('1', stateDigest({ driving: true, nodeStates: nodes(3), orderId: 'o1' }), 1000);
    expect(changes.at(-1)).toMatchObject({ order: true, progress: false });
    store.applyState('1', stateDigest({ driving: true, nodeStates: nodes(2), orderId: 'o1' }), 2000);
    expect(changes.at(-1)).toMatchObject({ order: false, progress: true, facts: false });
    store.applyState('1', stateDigest({ driving: true, nodeStates: nodes(2), orderId: 'o1' }), 3000);
    expect(changes.at(-1)).toMatchObject({ order: false, progress: false });
  });

  it('adds up the way a robot went on each floor as its odometer, whichever message moved it; a floor change adds nothing', () => {
    const { store } = storeWith('1');
    const travelled = () => store.facts('1')?.travelledM;
    store.applyVisualization('1', { x: 0, y: 0, theta: 0, mapId: 'floor-1' }, undefined, 1000);
    expect(travelled()).toBe(0);
    store.applyVisualization('1', { x: 3, y: 4, theta: 0, mapId: 'floor-1' }, undefined, 1500);
    expect(travelled()).toBe(5);
    // The state message's position counts the same (stateDigest: x 1, y 2 on floor-1).
    store.applyState('1', stateDigest(), 2000);
    expect(travelled()).toBeCloseTo(5 + Math.hypot(2, 2), 9);
    const before = travelled() ?? 0;
    store.applyVisualization('1', { x: 50, y: 50, theta: 0, mapId: 'floor-2' }, undefined, 2500);
    expect(travelled()).toBe(before);
    store.applyVisualization('1', { x: 50, y: 51, theta: 0, mapId: 'floor-2' }, undefined, 3000);
    expect(travelled()).toBeCloseTo(before + 1, 9);
    // Edited, the robot keeps its odometer.
    store.register(robot('1', 'acme', 'annex'));
    expect(travelled()).toBeCloseTo(before + 1, 9);
  });

  it('a repeated state changes nothing worth recording', () => {
    const { store, changes } = storeWith('1');
    store.applyState('1', stateDigest(), 1000);
    store.applyState('1', stateDigest(), 2000);
    expect(changes.at(-1)).toMatchObject({ status: false, connection: false, errors: false, order: false });
  });

  it('a robot read again (edited, or after a lost link) changes its record, not its status: no sample of it', () => {
    const { store, changes } = storeWith('1');
    store.applyState('1', stateDigest(), 1000);
    store.register({ ...robot('1'), name: 'Renamed' });
    expect(changes.at(-1)).toMatchObject({ status: false, connection: false, errors: false, facts: true });
    expect(store.get('1')).toMatchObject({ name: 'Renamed', status: 'idle' });
  });

  it('a fatal error makes the robot an error; a warning does not', () => {
    const { store } = storeWith('1');
    store.applyState('1', stateDigest({ errors: [{ errorType: 'lowBattery', errorLevel: 'WARNING' }] }), 1);
    expect(store.get('1')?.status).toBe('idle');
    store.applyState('1', stateDigest({ errors: [{ errorType: 'bumper', errorLevel: 'FATAL' }] }), 2);
    expect(store.get('1')?.status).toBe('error');
  });

  it('a broken connection makes the robot offline', () => {
    const { store } = storeWith('1');
    store.applyState('1', stateDigest(), 1);
    store.applyConnection('1', 'CONNECTIONBROKEN', 2);
    expect(store.get('1')).toMatchObject({ status: 'offline', connection: 'CONNECTIONBROKEN' });
  });

  it('marks a silent robot stale after its expected interval, and fresh again when it speaks', () => {
    const { store } = storeWith('1');
    store.applyState('1', stateDigest(), 1000);
    store.sweepStale(5999);
    expect(store.get('1')?.stale).toBe(false);
    store.sweepStale(6001);
    expect(store.get('1')?.stale).toBe(true);
    store.applyVisualization('1', { x: 3, y: 3, theta: 1, mapId: 'floor-1' }, undefined, 7000);
    expect(store.get('1')).toMatchObject({ stale: false, position: { x: 3 } });
  });

  it('lists only one company’s robots, optionally on one building or floor', () => {
    const store = new LiveStore();
    store.register(robot('1', 'acme', 'tower'));
    store.register(robot('2', 'acme', 'depot'));
    store.register(robot('3', 'solo', 'cafe'));
    store.applyState('1', stateDigest({ agvPosition: { x: 0, y: 0, theta: 0, mapId: 'f1' } }), 1);
    store.applyState('2', stateDigest({ agvPosition: { x: 0, y: 0, theta: 0, mapId: 'f2' } }), 1);
    expect(
      store
        .list('acme')
        .map((r) => r.id)
        .sort(),
    ).toEqual(['1', '2']);
    expect(store.list('acme', { buildingId: 'depot' }).map((r) => r.id)).toEqual(['2']);
    expect(store.list('acme', { floorId: 'f1' }).map((r) => r.id)).toEqual(['1']);
    expect(store.list('solo').map((r) => r.id)).toEqual(['3']);
  });

  it('messages for robots it does not know are ignored', () => {
    const { store, changes } = storeWith('1');
    store.applyState('nobody', stateDigest(), 1);
    expect(changes).toEqual([]);
  });
});
