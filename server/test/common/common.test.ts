import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACTIVE_USERS_BASE } from '@fleet/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingTranslationKeys, ssoConfigs, users } from '../../src/db/schema/index.js';
import { buildTestApp, call, login, type TestApp } from '../helper.js';
import { FIXTURE_LOCALES } from '../walk-fixture.js';

let t: TestApp;
/** A copy of the fixture locales, so a server that wrote translation files could not spoil the fixture. */
let localesDir = '';
const seen: LightMyRequestResponse['headers'][] = [];
beforeAll(async () => {
  localesDir = await mkdtemp(path.join(tmpdir(), 'fc-locales-'));
  await cp(FIXTURE_LOCALES, localesDir, { recursive: true });
  // A namespace no console build has: a built web/dist serves its own copies of the console's namespaces.
  await writeFile(path.join(localesDir, 'zh', 'fixture-only.json'), JSON.stringify({ greeting: '你好' }));
  t = await buildTestApp({ partnerHosts: ['partner.localhost'], localesDir });
});
afterAll(async () => {
  await t.close();
  await rm(localesDir, { recursive: true, force: true });
});

const inject = async (opts: InjectOptions) => {
  const res = await t.app.inject(opts);
  seen.push(res.headers);
  return res;
};
const activeUsers = async () => {
  const res = await call(t.app, 'stats');
  seen.push(res.headers);
  return res.body.data.activeUsers;
};

describe('home statistic', () => {
  it('is 112893 plus the accounts that signed in during the last 30 days', async () => {
    expect(ACTIVE_USERS_BASE).toBe(112893);
    expect(await activeUsers()).toBe(112893);
    await login(t.app, 'owner@acme.test');
    await login(t.app, 'solo@solo.test');
    await login(t.app, 'owner@acme.test');
    expect(await activeUsers()).toBe(112893 + 2);
  });

  it('does not count an account whose last sign-in is 31 days old', async () => {
    await t.directory.db
      .update(users)
      .set({ lastSignInAt: sql`now() - interval '31 days'` })
      .where(eq(users.email, 'solo@solo.test'));
    expect(await activeUsers()).toBe(112893 + 1);
  });
});

describe('configuration for the console', () => {
  it('regions default to one region US whose host is this server’s public URL', async () => {
    const res = await call(t.app, 'regions');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ label: 'US', region: 'US', host: t.config.publicUrl }]);
    expect(t.config.publicUrl).toBe('http://localhost:8080');
  });

  it('client-config shows the admin view and the product on an ordinary host', async () => {
    const res = await call(t.app, 'clientConfig', { headers: { host: 'console.example.com' } });
    expect(res.body.data).toMatchObject({
      partner: false,
      adminView: true,
      productName: t.config.productName,
    });
  });

  it.each(['partner.localhost:8080', 'PARTNER.localhost'])(
    'client-config on a partner host (%s) hides the admin view and shows the partner’s name',
    async (host) => {
      const res = await call(t.app, 'clientConfig', { headers: { host } });
      expect(res.body.data).toMatchObject({
        partner: true,
        adminView: false,
        productName: 'Partner Console',
      });
      expect(res.body.data.productName).toBe(t.config.partnerName);
    },
  );

  it('SSO-OPERATOR: client-config offers the operator staff’s sign-in only while the operator’s provider is active, never on a partner host', async () => {
    const offered = async (host: string) =>
      (await call(t.app, 'clientConfig', { headers: { host } })).body.data.operatorSignIn;
    expect(await offered('console.example.com')).toBe(false);
    expect((await call(t.app, 'operatorSsoLoginUrl')).status).toBe(404);
    const superHq = await login(t.app, 'super@fleet.test');
    const created = await call(t.app, 'createSsoConfig', {
      token: superHq,
      body: {
        issuer: 'https://id.fleet.test',
        clientId: 'hq',
        clientSecret: 's',
        emailDomains: ['fleet.test'],
      },
    });
    expect(created.status).toBe(200);
    // A draft is not offered.
    expect(await offered('console.example.com')).toBe(false);
    // Active: as its connection test passing and its being offered make it (test/sso runs both for real).
    await t.directory.db
      .update(ssoConfigs)
      .set({ testedAt: new Date(), enforcement: 'optional' })
      .where(eq(ssoConfigs.id, created.body.data.id));
    expect(await offered('console.example.com')).toBe(true);
    expect(await offered('partner.localhost')).toBe(false);
    const provider = await call(t.app, 'operatorSsoLoginUrl');
    expect(provider.body.data).toEqual({
      id: created.body.data.id,
      companyName: 'Fleet HQ',
      loginPath: `/login/sso/${created.body.data.id}`,
    });
    await call(t.app, 'deleteSsoConfig', { token: superHq, params: { id: created.body.data.id } });
  });
});

describe('translations', () => {
  /** Every file under the locales directory with its content. */
  const snapshot = async () => {
    const files = (await readdir(localesDir, { recursive: true, withFileTypes: true })).filter((f) =>
      f.isFile(),
    );
    const entries = await Promise.all(
      files.map(async (f) => {
        const file = path.join(f.parentPath, f.name);
        return [path.relative(localesDir, file), await readFile(file, 'utf8')] as const;
      }),
    );
    return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
  };

  it('serves a namespace file from the locales directory with cache-control no-cache', async () => {
    const res = await inject({ method: 'GET', url: '/locales/zh/fixture-only.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ greeting: '你好' });
    expect(res.headers['cache-control']).toContain('no-cache');
  });

  it('a missing namespace is 404; an unknown language is 400', async () => {
    const missing = await inject({ method: 'GET', url: '/locales/en/nope.json' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const french = await inject({ method: 'GET', url: '/locales/fr/common.json' });
    expect(french.statusCode).toBe(400);
    expect(french.json().info).toMatch(/^params\.lng: /);
  });

  it('missing keys are stored, a repeated report counts up, and no file is written', async () => {
    const before = await snapshot();
    const add = (payload: Record<string, string>) =>
      call(t.app, 'addMissingKeys', { params: { lng: 'en', ns: 'home' }, body: payload });
    expect((await add({ 'home.title': 'Home', 'home.subtitle': 'Welcome' })).status).toBe(200);
    expect((await add({ 'home.title': 'Home' })).status).toBe(200);
    const rows = await t.directory.db
      .select()
      .from(missingTranslationKeys)
      .where(and(eq(missingTranslationKeys.lng, 'en'), eq(missingTranslationKeys.ns, 'home')));
    const reports = Object.fromEntries(rows.map((r) => [r.key, r.reports]));
    expect(reports).toEqual({ 'home.title': 2, 'home.subtitle': 1 });
    expect(rows.find((r) => r.key === 'home.subtitle')?.defaultValue).toBe('Welcome');
    expect(await snapshot()).toEqual(before);
    expect((await inject({ method: 'GET', url: '/locales/en/home.json' })).statusCode).toBe(404);
  });

  it('reporting missing keys is rate-limited per address (429 after 60 a minute)', async () => {
    const report = (remoteAddress: string) =>
      inject({
        method: 'POST',
        url: '/locales/add/en/common',
        remoteAddress,
        payload: { 'limit.key': 'x' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await report('10.9.8.7')).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await report('10.9.8.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await report('10.9.8.8')).statusCode).toBe(200);
  });
});

describe('operations', () => {
  it('/metrics exposes http_request_duration_seconds by route', async () => {
    const res = await inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.body).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/opt\/v1\/common\/stats"/);
  });

  it('/healthz answers 200', async () => {
    const res = await inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 with both database checks ok', async () => {
    const res = await inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { directory: 'ok', regional: 'ok' } });
  });

  it.each([
    ['GET', '/opt/v1/no-such-call'],
    ['POST', '/opt/admin/company/nothing-here'],
    ['GET', '/tars/api/v1/unknown'],
  ] as const)('an unknown API path (%s %s) is the 404 envelope with code NOT_FOUND', async (method, url) => {
    const res = await inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, data: null, code: 'NOT_FOUND' });
  });

  it.each(['{"account": ', ''])('malformed JSON (%j) is 400 “body: not valid JSON”', async (payload) => {
    const res = await inject({
      method: 'POST',
      url: '/opt/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', info: 'body: not valid JSON' });
  });

  it('every response carries an x-request-id, and a given one is echoed', async () => {
    expect(seen.length).toBeGreaterThan(60);
    for (const headers of seen) expect(headers['x-request-id']).toMatch(/^[\w-]{1,64}$/);
    const ids = new Set(seen.map((h) => h['x-request-id']));
    expect(ids.size).toBe(seen.length);
    const echoed = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'trace-42' },
    });
    expect(echoed.headers['x-request-id']).toBe('trace-42');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'not valid; injected' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
