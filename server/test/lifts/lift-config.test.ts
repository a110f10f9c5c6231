import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifts } from '../../src/db/schema/index.js';
import { buildTestApp, call, type TestApp } from '../helper.js';
import { FIXTURE_LOCALES, middleLanding, type WalkContext, walkContext } from '../walk-fixture.js';

let t: TestApp;
let c: WalkContext;

beforeAll(async () => {
  t = await buildTestApp({ localesDir: FIXTURE_LOCALES });
  c = await walkContext(t);
});
afterAll(() => t.close());

const liftBody = async (over: Record<string, unknown> = {}) => ({
  bankId: c.bank,
  name: 'Lift Z',
  gatewayLiftName: 'Z',
  doorSides: ['front'],
  servedFloorIds: [c.floor, c.floor2],
  landings: [
    await middleLanding(t, c.token.owner, c.floor, 'G'),
    await middleLanding(t, c.token.owner, c.floor2, '7'),
  ],
  ...over,
});

describe('lift configuration (LIFTS-LANDINGS)', () => {
  it('refuses a landing off its floor’s map and an unmapped floor, naming each field', async () => {
    const body = await liftBody();
    const [ground] = body.landings;
    const res = await call(t.app, 'createLift', {
      token: c.token.owner,
      body: { ...body, landings: [{ ...ground, outside: { x: -500, y: 0, theta: 0 } }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.info).toBe(
      'body.landings.0.outside: outside the map of Lobby; body.landings: Sky has no front landing',
    );
    // The same refusal as rules a client words itself, in Chinese on the console.
    expect(res.body).toMatchObject({
      issues: [
        { path: 'body.landings.0.outside', rule: 'waypointOffMap', params: { floor: 'Lobby' } },
        { path: 'body.landings', rule: 'landingMissing', params: { side: 'front', floor: 'Sky' } },
      ],
    });
  });

  it('keeps vendor floor codes as strings, and refuses a code naming two floors', async () => {
    const body = await liftBody();
    const res = await call(t.app, 'createLift', {
      token: c.token.owner,
      body: { ...body, landings: body.landings.map((l) => ({ ...l, floorCode: '0' })) },
    });
    expect(res.status).toBe(400);
    expect(res.body.info).toBe('body.landings.1.floorCode: "0" already names Lobby');
  });

  it('a gateway reports one lift under a name: a second lift of the same name is refused', async () => {
    const res = await call(t.app, 'createLift', {
      token: c.token.owner,
      body: await liftBody({ gatewayLiftName: 'A' }),
    });
    expect(res.status).toBe(409);
    expect(res.body.info).toMatch(/already reports a lift under this gateway lift name/);
    expect(res.body).toMatchObject({ code: 'CONFLICT', refusal: { rule: 'liftNameTaken', params: {} } });
  });

  it('caps the door hold at the vendor’s limit (LIFTS-POLICY)', async () => {
    const res = await call(t.app, 'editLiftBank', {
      token: c.token.owner,
      body: { id: c.bank, vendor: 'kone', policy: { doorHoldS: 45 } },
    });
    expect(res.status).toBe(400);
    expect(res.body.info).toBe("body.policy.doorHoldS: at most 30 s for this vendor's lifts");
  });
});

describe('lift versions (LIFTS-CONFIG-HISTORY)', () => {
  it('records who changed which field of a bank or a lift, and never shows a credential', async () => {
    await call(t.app, 'editLiftBank', {
      token: c.token.owner,
      body: { id: c.bank, name: 'Core east', adapterCredential: 'api-key-123' },
    });
    await call(t.app, 'editLift', { token: c.token.owner, body: { id: c.lift, maxRobots: 3 } });
    const history = await call(t.app, 'liftBankHistory', { token: c.token.owner, params: { id: c.bank } });
    expect(history.status).toBe(200);
    const [lift, bank] = history.body.data;
    expect(lift).toMatchObject({ liftId: c.lift, changes: [{ field: 'maxRobots', to: 3 }] });
    expect(lift?.actor.name).toBe('Olivia Owens');
    expect(bank?.changes).toEqual([
      { field: 'name', from: 'Core', to: 'Core east' },
      { field: 'adapterCredential', from: 'none', to: 'set' },
    ]);
    expect(JSON.stringify(history.body.data)).not.toContain('api-key-123');
    const banks = await call(t.app, 'listLiftBanks', {
      token: c.token.owner,
      query: { buildingId: c.building },
    });
    expect(banks.body.data.find((b) => b.id === c.bank)).toMatchObject({ hasAdapterCredential: true });
    expect(JSON.stringify(banks.body.data)).not.toContain('api-key-123');
  });

  it('a change of landings takes an enabled lift out of robot service until a new test call', async () => {
    // As after a passed test call: tested now, enabled.
    const now = new Date();
    await t.regional.db
      .update(lifts)
      .set({ testPassedAt: now, changedAt: now, enabledForRobots: true })
      .where(eq(lifts.id, c.lift));
    const before = await call(t.app, 'editLift', {
      token: c.token.owner,
      body: {
        id: c.lift,
        landings: (await liftBody()).landings.map((l, i) => ({ ...l, floorCode: i ? 'S2' : '0' })),
      },
    });
    expect(before.status).toBe(200);
    expect(before.body.data.enabledForRobots).toBe(false);
    const enable = await call(t.app, 'setLiftEnabled', {
      token: c.token.owner,
      params: { id: c.lift },
      body: { enabled: true },
    });
    expect(enable.status).toBe(409);
  });

  // Last: it removes the walk's building.
  it('removing a building removes its banks and lifts, from the live view too (LIFTS-LIVE)', async () => {
    const live = async () =>
      (await call(t.app, 'listLiveLifts', { token: c.token.owner })).body.data.map((l) => l.id);
    expect(await live()).toContain(c.lift);
    const removed = await call(t.app, 'removeBuilding', { token: c.token.owner, params: { id: c.building } });
    expect(removed.status).toBe(200);
    expect(await live()).not.toContain(c.lift);
    const banks = await call(t.app, 'listLiftBanks', { token: c.token.owner });
    expect(banks.body.data.some((b) => b.id === c.bank)).toBe(false);
  });
});
