import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAppSecrets, apiApps, apiAppTokens } from '../../src/db/schema/index.js';
import { demoTokens } from '../demo.js';
import { buildTestApp, call, type TestApp } from '../helper.js';
import { createApp, type MadeApp, openCall, tokenOf, tokenRequest } from './apps-fixture.js';

/*
 * An application's secrets and tokens over its life (APPS-CREDENTIALS): rotated with and without overlap, revoked,
 * expired, removed. What the token endpoint refuses is answered as RFC 6749 says; what the open API refuses is 401.
 */

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner } = await demoTokens(t, 'owner'));
});
afterAll(async () => {
  await t?.close();
});

const askToken = (app: MadeApp, secret = app.secret) =>
  tokenRequest(t, { grant_type: 'client_credentials', client_id: app.accessKey, client_secret: secret });

/** The open API's answer to the token: 200 while it lives, 401 once it does not. */
const works = async (token: string) => (await openCall(t, 'openApp', token)).status;

async function rotate(app: MadeApp, overlapHours: number): Promise<MadeApp> {
  const res = await call(t.app, 'rotateApiAppSecret', {
    token: owner,
    params: { id: app.id },
    body: { overlapHours },
  });
  expect(res.status, res.body.info).toBe(200);
  return { ...app, secret: res.body.data.secret };
}

function expectInvalidClient(res: Awaited<ReturnType<typeof tokenRequest>>, why?: RegExp) {
  expect(res.status).toBe(401);
  expect(res.json).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
  if (why) expect(res.json.error_description).toMatch(why);
  expect(res.headers['www-authenticate']).toMatch(/^Basic /);
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('rotating the secret', () => {
  it('APPS-CREDENTIALS: with an overlap, the old and the new secret both get tokens, and both tokens work', async () => {
    const app = await createApp(t, owner);
    const oldToken = await tokenOf(t, app);
    const rotated = await rotate(app, 24);
    expect(await works(oldToken)).toBe(200);
    const fromOld = await tokenOf(t, app);
    const fromNew = await tokenOf(t, rotated);
    expect(await works(fromOld)).toBe(200);
    expect(await works(fromNew)).toBe(200);
    // The overlap ends (as if a day had passed): the old secret and every token issued with it stop at once.
    await t.regional.db
      .update(apiAppSecrets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(apiAppSecrets.appId, app.id), isNotNull(apiAppSecrets.expiresAt)));
    expectInvalidClient(await askToken(app));
    expect(await works(oldToken)).toBe(401);
    expect(await works(fromOld)).toBe(401);
    expect(await works(fromNew)).toBe(200);
    expect(await works(await tokenOf(t, rotated))).toBe(200);
  });

  it('APPS-CREDENTIALS: with overlapHours 0, the old secret is invalid_client at once and its tokens are 401', async () => {
    const app = await createApp(t, owner);
    const oldToken = await tokenOf(t, app);
    expect(await works(oldToken)).toBe(200);
    const rotated = await rotate(app, 0);
    expectInvalidClient(await askToken(app));
    const refused = await openCall(t, 'openApp', oldToken);
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer realm="open-api", error="invalid_token"');
    expect(await works(await tokenOf(t, rotated))).toBe(200);
    // The list shows only the live secret.
    const list = await call(t.app, 'listApiApps', { token: owner });
    expect(list.body.data.find((a) => a.id === app.id)?.secrets).toHaveLength(1);
  });

  it('APPS-CREDENTIALS: rotating twice ends the first secret no later than the second overlap', async () => {
    const app = await createApp(t, owner);
    const second = await rotate(app, 24);
    const third = await rotate(second, 0);
    expectInvalidClient(await askToken(app));
    expectInvalidClient(await askToken(second));
    expect(await works(await tokenOf(t, third))).toBe(200);
  });
});

describe('revoking, expiring, removing', () => {
  it('APPS-CREDENTIALS: a revoked application’s tokens are 401 and its secret invalid_client; it cannot be rotated', async () => {
    const app = await createApp(t, owner);
    const token = await tokenOf(t, app);
    const revoked = await call(t.app, 'revokeApiApp', { token: owner, params: { id: app.id } });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.status).toBe('revoked');
    const refused = await openCall(t, 'openRobots', token);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expectInvalidClient(await askToken(app), /revoked/);
    const rotated = await call(t.app, 'rotateApiAppSecret', {
      token: owner,
      params: { id: app.id },
      body: { overlapHours: 0 },
    });
    expect(rotated.status).toBe(409);
  });

  it('APPS-CREDENTIALS: an application whose expiry passed is refused the same way, and listed as expired', async () => {
    const app = await createApp(t, owner, { expiresAt: new Date(Date.now() + 600_000).toISOString() });
    const issued = await askToken(app);
    expect(issued.status).toBe(200);
    // A token never outlives its application.
    expect(issued.json.expires_in).toBeLessThanOrEqual(600);
    expect(issued.json.expires_in).toBeGreaterThan(590);
    const token = String(issued.json.access_token);
    expect(await works(token)).toBe(200);
    await t.regional.db
      .update(apiApps)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiApps.id, app.id));
    expect(await works(token)).toBe(401);
    expectInvalidClient(await askToken(app), /expired/);
    const list = await call(t.app, 'listApiApps', { token: owner });
    expect(list.body.data.find((a) => a.id === app.id)?.status).toBe('expired');
  });

  it('APPS-CREDENTIALS: an expired token is 401, while a new one from the same secret works', async () => {
    const app = await createApp(t, owner);
    const token = await tokenOf(t, app);
    await t.regional.db
      .update(apiAppTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiAppTokens.appId, app.id));
    expect(await works(token)).toBe(401);
    const fresh = await tokenOf(t, app);
    expect(await works(fresh)).toBe(200);
    // A token that ended is of no use: asking for a new one clears the application's ended ones.
    const kept = await t.regional.db.select().from(apiAppTokens).where(eq(apiAppTokens.appId, app.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('APPS-CREDENTIALS: a removed application’s key, secret and tokens are gone', async () => {
    const app = await createApp(t, owner);
    const token = await tokenOf(t, app);
    expect((await call(t.app, 'removeApiApp', { token: owner, params: { id: app.id } })).status).toBe(200);
    expect(await works(token)).toBe(401);
    expectInvalidClient(await askToken(app));
    const list = await call(t.app, 'listApiApps', { token: owner });
    expect(list.body.data.some((a) => a.id === app.id)).toBe(false);
  });
});
