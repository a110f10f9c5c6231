import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Db, ListenHandlers } from '../../../db/client.js';
import { followLiftChanges, LIFTS_CHANNEL, parseLiftChange } from './lift-changes.js';
import { type LiftIdentity, LiftLiveStore } from './lift-live-store.js';

const ID = '0b6c2c55-6f3e-4c8e-9d3a-6a1f1b2c3d4e';

describe('a lift change as notified', () => {
  it.each([
    [`lift:${ID}`, { kind: 'lift', id: ID }],
    [`bank:${ID}`, { kind: 'bank', id: ID }],
    [`gateway:${ID}`, { kind: 'gateway', id: ID }],
  ])('reads %s', (payload, change) => {
    expect(parseLiftChange(payload)).toEqual(change);
  });

  it.each(['', ID, 'lift', 'lift:', `:${ID}`, `robot:${ID}`, `Lift:${ID}`])('ignores "%s"', (payload) => {
    expect(parseLiftChange(payload)).toBeNull();
  });
});

const lift = (id: string, gatewayId: string): LiftIdentity => ({
  id,
  companyId: 'c1',
  bankId: 'b1',
  buildingId: 'h1',
  name: id,
  gatewayId,
  liftName: id,
  enabledForRobots: true,
  outOfService: false,
});

describe('following lift changes', () => {
  const follow = async (store: LiftLiveStore, kept: { gatewayIds: string[]; liftIds: string[] }) => {
    let heard: ListenHandlers | undefined;
    const load = vi.fn(async () => ({
      gatewayIds: new Set(kept.gatewayIds),
      liftIds: new Set(kept.liftIds),
    }));
    const warn = vi.fn();
    const forgetLift = vi.fn((id: string) => store.unregister(id));
    await followLiftChanges(
      async (channel, handlers) => {
        expect(channel).toBe(LIFTS_CHANNEL);
        heard = handlers;
        return { close: async () => {} };
      },
      {} as Db,
      { store, setBankLimit: () => {}, load, forgetLift },
      { warn } as unknown as FastifyBaseLogger,
    );
    if (!heard) throw new Error('not listening');
    return { heard, load, warn, forgetLift };
  };

  it('reads everything again after a lost link, and forgets the lifts and gateways gone', async () => {
    const store = new LiftLiveStore();
    for (const l of [lift('kept', 'g1'), lift('gone', 'g1'), lift('onGoneGateway', 'g2')]) store.register(l);
    const { heard, load, forgetLift } = await follow(store, {
      gatewayIds: ['g1'],
      liftIds: ['kept', 'onGoneGateway'],
    });

    heard.onLink(true);
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();

    heard.onLink(false);
    heard.onLink(true);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(store.identity('gone')).toBeUndefined());
    // A lift gone from the database ends what this instance ran on it (LIFTS-REMOVED-EVERYWHERE).
    expect(forgetLift.mock.calls).toEqual([['gone']]);
    expect(store.identity('kept')).toBeDefined();
    expect(store.hasGateway('g2')).toBe(false);
    expect(store.identity('onGoneGateway')).toBeUndefined();
  });

  it('reads nothing for a payload that names no lift, bank or gateway', async () => {
    const { heard, load, warn } = await follow(new LiftLiveStore(), { gatewayIds: [], liftIds: [] });
    heard.onMessage(`robot:${ID}`);
    await new Promise((r) => setImmediate(r));
    expect(load).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});
