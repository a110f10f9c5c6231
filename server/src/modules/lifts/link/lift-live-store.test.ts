import type { LiftState } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { LIFT_STALE_AFTER_MS, type LiftIdentity, LiftLiveStore } from './lift-live-store.js';

const T0 = 1_800_000_000_000;
const lift = (over: Partial<LiftIdentity> = {}): LiftIdentity => ({
  id: '00000000-0000-4000-8000-00000000000a',
  companyId: 'c1',
  bankId: '00000000-0000-4000-8000-0000000000b1',
  buildingId: '00000000-0000-4000-8000-0000000000f1',
  name: 'Lift A',
  gatewayId: 'gw-1',
  liftName: 'A',
  enabledForRobots: true,
  outOfService: false,
  ...over,
});
const state = (over: Partial<LiftState> = {}): LiftState => ({
  liftName: 'A',
  availableFloors: ['L', '12'],
  currentFloor: 'L',
  destinationFloor: null,
  doorState: 'closed',
  motion: 'stopped',
  availableModes: ['human', 'agv'],
  currentMode: 'agv',
  sessionId: null,
  timestamp: '2026-11-23T08:00:00.000Z',
  ...over,
});

function setup() {
  const store = new LiftLiveStore();
  const heard: string[] = [];
  store.onChange((l) => heard.push(l.id));
  store.register(lift());
  heard.length = 0;
  return { store, heard, id: lift().id };
}

describe('lift live store', () => {
  it('routes a gateway topic to its lift and keeps what it reported', () => {
    const { store, id } = setup();
    expect(store.liftOf('gw-1', 'A')).toBe(id);
    expect(store.liftOf('gw-1', 'B')).toBeUndefined();
    expect(store.hasGateway('gw-1')).toBe(true);
    store.applyLiftState(id, state({ currentFloor: '12', doorState: 'open' }), T0);
    const live = store.get(id);
    expect(live?.report).toMatchObject({ currentFloor: '12', doorState: 'open' });
    expect(live?.reportedAt).toBe(new Date(T0).toISOString());
    expect(live?.blocked).toBeNull();
  });

  it('tells listeners of a change, not of the same state repeated', () => {
    const { store, heard, id } = setup();
    store.applyLiftState(id, state(), T0);
    store.applyLiftState(id, state(), T0 + 1000);
    store.applyLiftState(id, state({ motion: 'up' }), T0 + 2000);
    expect(heard).toEqual([id, id]);
  });

  it('a lift is stale after three missed states, and fresh again with the next one', () => {
    const { store, heard, id } = setup();
    store.applyLiftState(id, state(), T0);
    heard.length = 0;
    store.sweepStale(T0 + LIFT_STALE_AFTER_MS);
    expect(store.get(id)?.stale).toBe(false);
    store.sweepStale(T0 + LIFT_STALE_AFTER_MS + 1);
    expect(store.get(id)).toMatchObject({ stale: true, blocked: 'stale' });
    store.applyLiftState(id, state(), T0 + 5000);
    expect(store.get(id)?.stale).toBe(false);
    expect(heard).toEqual([id, id]);
  });

  it('blocks robots in fire, emergency and offline modes, with a silent gateway, and out of service', () => {
    const { store, id } = setup();
    expect(store.blocked(id)).toBe('noState');
    for (const mode of ['fire', 'emergency', 'offline'] as const) {
      store.applyLiftState(id, state({ currentMode: mode }), T0);
      expect(store.blocked(id)).toBe(mode);
    }
    store.applyLiftState(id, state(), T0);
    expect(store.blocked(id)).toBeNull();
    store.applyGatewayConnection('gw-1', 'CONNECTIONBROKEN', T0);
    expect(store.blocked(id)).toBe('gatewayOffline');
    store.applyGatewayConnection('gw-1', 'ONLINE', T0);
    store.register(lift({ outOfService: true }));
    expect(store.blocked(id)).toBe('outOfService');
    store.register(lift({ enabledForRobots: false }));
    expect(store.blocked(id)).toBe('notEnabled');
  });

  it('forgets a lift moved to another gateway name, and lists a company’s lifts only', () => {
    const { store, id } = setup();
    store.applyLiftState(id, state(), T0);
    store.register(lift({ liftName: 'A2' }));
    expect(store.liftOf('gw-1', 'A')).toBeUndefined();
    expect(store.get(id)?.report).toBeNull();
    store.register(lift({ id: '00000000-0000-4000-8000-00000000000b', companyId: 'c2', liftName: 'Z' }));
    expect(store.list('c1').map((l) => l.id)).toEqual([id]);
    store.unregisterGateway('gw-1');
    expect(store.list('c1')).toEqual([]);
    expect(store.hasGateway('gw-1')).toBe(false);
  });
});
