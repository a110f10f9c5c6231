import { api } from '@fleet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { buildTestApp, call, login, type TestApp } from '../helper.js';

// DEVICE-GATEWAY: a super admin's device search also asks get-company-by-device-name on a separate gateway host
// (DEVICE_GATEWAY_URL). The console reaches that host from its own origin, so the gateway answers its /tars routes
// across origins to the consoles of GATEWAY_CORS_ORIGINS, and nothing else.

const CONSOLE = 'https://console.example.com';
const GATEWAY_PATH = `${api.companyByDeviceName.path}?deviceName=ACME-0001`;

let gateway: TestApp;
let plain: TestApp;
beforeAll(async () => {
  [gateway, plain] = await Promise.all([
    buildTestApp({ gatewayCorsOrigins: [CONSOLE], deviceGatewayUrl: 'https://gateway.example.com' }),
    buildTestApp(),
  ]);
});
afterAll(async () => {
  await Promise.all([gateway.close(), plain.close()]);
});

const preflight = (t: TestApp, url: string, origin: string) =>
  t.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'token,lng',
    },
  });

describe('the gateway answers the consoles of GATEWAY_CORS_ORIGINS', () => {
  it('a pre-flight from a listed console is allowed, with the session headers', async () => {
    const res = await preflight(gateway, GATEWAY_PATH, CONSOLE);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(CONSOLE);
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/token/);
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/lng/);
    expect(String(res.headers['access-control-allow-methods'])).toMatch(/GET/);
  });

  it('the search itself answers the listed console with its companies', async () => {
    const token = await login(gateway.app, 'super@fleet.test');
    const res = await call(gateway.app, 'companyByDeviceName', {
      token,
      query: { deviceName: 'ACME-0001' },
      headers: { origin: CONSOLE },
    });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(CONSOLE);
    expect(res.body.data.map((o) => o.companyName)).toContain('Acme Robotics');
  });

  it('still refuses whoever is not a super admin, whatever the origin', async () => {
    const token = await login(gateway.app, 'owner@acme.test');
    const res = await call(gateway.app, 'companyByDeviceName', {
      token,
      query: { deviceName: 'ACME-0001' },
      headers: { origin: CONSOLE },
    });
    expect(res.status).toBe(403);
  });

  it('another origin gets no CORS header, so its browser keeps the answer from it', async () => {
    const res = await preflight(gateway, GATEWAY_PATH, 'https://evil.example.com');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const get = await gateway.app.inject({
      url: GATEWAY_PATH,
      headers: { origin: 'https://evil.example.com' },
    });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('only the gateway routes answer across origins, not the console API', async () => {
    for (const url of [api.searchByDevice.path, api.me.path, '/opt/v1/common/stats']) {
      const res = await preflight(gateway, url, CONSOLE);
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
      const get = await gateway.app.inject({ url, headers: { origin: CONSOLE } });
      expect(get.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });

  it('the console is told where its gateway is, and its pages may connect there', async () => {
    const config = await call(gateway.app, 'clientConfig');
    expect(config.body.data.deviceGatewayUrl).toBe('https://gateway.example.com');
    const page = await gateway.app.inject({ url: '/opt/v1/common/stats' });
    expect(String(page.headers['content-security-policy'])).toMatch(
      /connect-src [^;]*https:\/\/gateway\.example\.com/,
    );
  });
});

describe('without GATEWAY_CORS_ORIGINS', () => {
  it('no route answers across origins', async () => {
    const res = await preflight(plain, GATEWAY_PATH, CONSOLE);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const get = await plain.app.inject({ url: GATEWAY_PATH, headers: { origin: CONSOLE } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('the console has no gateway to ask', async () => {
    expect((await call(plain.app, 'clientConfig')).body.data.deviceGatewayUrl).toBeNull();
  });
});

describe('configuration', () => {
  it('reads the gateway URL without its trailing slash, and the origins as a list', () => {
    const config = loadConfig({
      DEVICE_GATEWAY_URL: 'https://gw.example.com/fleet/',
      GATEWAY_CORS_ORIGINS: 'https://a.example.com, https://b.example.com',
    });
    expect(config.deviceGatewayUrl).toBe('https://gw.example.com/fleet');
    expect(config.gatewayCorsOrigins).toEqual(['https://a.example.com', 'https://b.example.com']);
  });

  it.each([
    ['DEVICE_GATEWAY_URL', 'gw.example.com'],
    ['DEVICE_GATEWAY_URL', 'ftp://gw.example.com'],
    ['GATEWAY_CORS_ORIGINS', 'https://a.example.com/path'],
    ['GATEWAY_CORS_ORIGINS', '*'],
  ])('%s=%s is refused, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});
