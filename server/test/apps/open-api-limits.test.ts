import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTokens } from '../demo.js';
import { buildTestApp, call, type TestApp } from '../helper.js';
import { walkApp } from '../walk-apps.js';
import { createApp, eventually, openCall, tokenOf, tokenRequest } from './apps-fixture.js';

/*
 * What holds an application back (APPS-LIMITS): its rate limit (429 with Retry-After past it), its allowed IP
 * ranges (403 from elsewhere, at the token endpoint and on every call), and the usage it leaves: calls and refusals
 * per hour, and when it was last used.
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

describe('the rate limit', () => {
  it('APPS-LIMITS: an application limited to 3 calls a minute gets 429 with Retry-After on the 4th', async () => {
    const app = await createApp(t, owner, { rateLimitPerMinute: 3 });
    const token = await tokenOf(t, app);
    for (let i = 0; i < 3; i++) expect((await openCall(t, 'openRobots', token)).status).toBe(200);
    const over = await openCall(t, 'openRobots', token);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(over.body.info).toMatch(/3 calls a minute/);
    // A minute holds 3 calls: the next one comes within 20 s.
    const wait = Number(over.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(20);
    // The limit is the application's, across its tokens; another application is not held by it.
    const second = await tokenOf(t, app);
    expect((await openCall(t, 'openApp', second)).status).toBe(429);
    const other = await createApp(t, owner, { rateLimitPerMinute: 3 });
    expect((await openCall(t, 'openApp', await tokenOf(t, other))).status).toBe(200);
    // A new limit takes effect at the next call.
    const raised = await call(t.app, 'editApiApp', {
      token: owner,
      body: { id: app.id, ...walkApp({ rateLimitPerMinute: 100 }) },
    });
    expect(raised.status, raised.body.info).toBe(200);
    expect((await openCall(t, 'openApp', token)).status).toBe(200);
  });
});

describe('allowed IP ranges', () => {
  it('APPS-LIMITS: an application allowing 10.0.0.0/8 is refused (403) from 127.0.0.1 and served from 10.1.2.3', async () => {
    const app = await createApp(t, owner, { ipRanges: ['10.0.0.0/8'] });
    const inside = { remoteAddress: '10.1.2.3' };
    // The token endpoint refuses elsewhere as an OAuth error…
    const outsideToken = await tokenRequest(t, {
      grant_type: 'client_credentials',
      client_id: app.accessKey,
      client_secret: app.secret,
    });
    expect(outsideToken.status).toBe(403);
    expect(outsideToken.json).toMatchObject({ error: 'unauthorized_client' });
    // …and a token got from inside is refused outside.
    const token = await tokenOf(t, app, inside);
    const outside = await openCall(t, 'openRobots', token);
    expect(outside.status).toBe(403);
    expect(outside.body.info).toMatch(/127\.0\.0\.1 are not allowed/);
    expect((await openCall(t, 'openRobots', token, inside)).status).toBe(200);
    expect((await openCall(t, 'openRobots', token, { remoteAddress: '11.0.0.1' })).status).toBe(403);
    // An IPv4 client reaching a dual-stack socket shows as ::ffff:a.b.c.d: it is the same client.
    expect((await openCall(t, 'openRobots', token, { remoteAddress: '::ffff:10.9.8.7' })).status).toBe(200);
  });

  it('APPS-LIMITS: single addresses and IPv6 ranges are allowed as given', async () => {
    const app = await createApp(t, owner, { ipRanges: ['2001:db8::/32', '198.51.100.7'] });
    const token = await tokenOf(t, app, { remoteAddress: '198.51.100.7' });
    expect((await openCall(t, 'openApp', token, { remoteAddress: '2001:db8:1::5' })).status).toBe(200);
    expect((await openCall(t, 'openApp', token, { remoteAddress: '198.51.100.7' })).status).toBe(200);
    expect((await openCall(t, 'openApp', token, { remoteAddress: '198.51.100.8' })).status).toBe(403);
    expect((await openCall(t, 'openApp', token, { remoteAddress: '2001:db9::1' })).status).toBe(403);
    // Without ranges, every address is allowed.
    const open = await createApp(t, owner);
    const anywhere = await tokenOf(t, open, { remoteAddress: '203.0.113.9' });
    expect((await openCall(t, 'openApp', anywhere, { remoteAddress: '2001:db9::1' })).status).toBe(200);
  });
});

describe('usage', () => {
  it('APPS-LIMITS: the calls and refusals of an application are counted per hour, and "last used" is set', async () => {
    const app = await createApp(t, owner, { scopes: ['robots.read'], rateLimitPerMinute: 5 });
    const before = await call(t.app, 'listApiApps', { token: owner });
    expect(before.body.data.find((a) => a.id === app.id)?.lastUsedAt).toBeNull();
    const started = Date.now();
    // Answered: the token, two robot lists, the application itself.
    const token = await tokenOf(t, app);
    expect((await openCall(t, 'openRobots', token)).status).toBe(200);
    expect((await openCall(t, 'openRobots', token)).status).toBe(200);
    expect((await openCall(t, 'openApp', token)).status).toBe(200);
    // Refused: a wrong secret, a scope it does not have, a robot it does not reach, and past its limit.
    const wrong = await tokenRequest(t, {
      grant_type: 'client_credentials',
      client_id: app.accessKey,
      client_secret: `${app.secret}x`,
    });
    expect(wrong.status).toBe(401);
    expect((await openCall(t, 'openLifts', token)).status).toBe(403);
    expect((await openCall(t, 'openRobot', token, { params: { id: randomUUID() } })).status).toBe(404);
    // That was the fifth call of its bucket of five.
    expect((await openCall(t, 'openApp', token)).status).toBe(429);
    // A token that is not one names no application: it counts for nobody.
    expect((await openCall(t, 'openApp', 'fct_nothing')).status).toBe(401);

    const usage = await eventually('the usage written', async () => {
      await t.app.appGate.flush();
      const res = await call(t.app, 'apiAppUsage', {
        token: owner,
        params: { id: app.id },
        query: { hours: 24 },
      });
      return res.body.data.calls + res.body.data.refused >= 8 && res.body.data;
    });
    expect(usage).toMatchObject({ calls: 4, refused: 4 });
    expect(usage.hours).toHaveLength(24);
    // Counted in the hour they were made (two hours if the test ran across one's end).
    const used = usage.hours.filter((h) => h.calls || h.refused);
    expect(used.length).toBeGreaterThanOrEqual(1);
    expect(used.length).toBeLessThanOrEqual(2);
    for (const h of used) {
      expect(Date.parse(h.at)).toBeGreaterThanOrEqual(Math.floor(started / 3_600_000) * 3_600_000);
      expect(Date.parse(h.at)).toBeLessThanOrEqual(Date.now());
    }
    expect(Date.parse(usage.to)).toBeGreaterThan(started);
    const listed = (await call(t.app, 'listApiApps', { token: owner })).body.data.find(
      (a) => a.id === app.id,
    );
    expect(Date.parse(listed?.lastUsedAt ?? '')).toBeGreaterThanOrEqual(Math.floor(started / 1000) * 1000);
    expect(listed?.secrets[0]?.lastUsedAt).not.toBeNull();
    // Another application's usage is its own.
    const other = await createApp(t, owner);
    await t.app.appGate.flush();
    const none = await call(t.app, 'apiAppUsage', {
      token: owner,
      params: { id: other.id },
      query: { hours: 1 },
    });
    expect(none.body.data).toMatchObject({ calls: 0, refused: 0 });
  });
});
