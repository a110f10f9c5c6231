import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.js';

// HARDENING-HEADERS: every answer carries the browser's protections; only the map pages may be framed, and only
// by EMBED_ORIGINS; HSTS only over HTTPS behind a trusted proxy; HEAD works wherever GET does.
async function fakeDist(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'fc-dist-'));
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>console</title>');
  await writeFile(path.join(dir, 'assets/main-abc123.js'), 'console.log(1)');
  return dir;
}

const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await fakeDist();
  t = await buildTestApp({
    webDist: dist,
    embedOrigins: ['https://wall.example.com'],
    sentryDsn: 'https://key@o1.ingest.example.io/42',
    trustProxy: true,
  });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe('every answer carries the browser protections', () => {
  it.each([
    ['a console page', '/robots'],
    ['an asset', '/assets/main-abc123.js'],
    ['an API answer', '/opt/v1/common/stats'],
    ['an API refusal', '/opt/v1/user/me'],
    ['an unknown API path', '/opt/v1/nothing'],
    ['the API document', '/opt/docs/json'],
  ])('%s', async (_, url) => {
    const res = await t.app.inject({ url });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const csp = res.headers['content-security-policy'];
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
  });

  it('the CSP lets the console reach its map tiles and Sentry, and nothing else off-site', async () => {
    const csp = (await t.app.inject({ url: '/robots' })).headers['content-security-policy'];
    expect(directive(csp, 'img-src')).toContain('https://tile.openstreetmap.org');
    expect(directive(csp, 'connect-src')).toContain('https://o1.ingest.example.io');
    expect(directive(csp, 'default-src')).toBe("default-src 'self'");
  });
});

describe('embedding', () => {
  it.each(['/map/en', '/miniMap/zh?building=1&floor=2', '/MAP/EN'])(
    '%s may be framed by EMBED_ORIGINS',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(directive(res.headers['content-security-policy'], 'frame-ancestors')).toBe(
        "frame-ancestors 'self' https://wall.example.com",
      );
      expect(res.headers['x-frame-options']).toBeUndefined();
    },
  );

  it('no other page may be framed, even one whose path starts like a map page', async () => {
    for (const url of ['/robots', '/mapping', '/map/en/../../robots']) {
      const res = await t.app.inject({ url });
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });
});

describe('HSTS', () => {
  it('is sent when a trusted proxy says the request came over HTTPS', async () => {
    const res = await t.app.inject({ url: '/robots', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('is not sent over plain HTTP', async () => {
    const res = await t.app.inject({ url: '/robots' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('HEAD works wherever GET does', () => {
  it.each([
    '/login',
    '/robots',
    '/map/en',
    '/assets/main-abc123.js',
    '/opt/v1/common/stats',
    '/locales/en/common.json',
  ])('%s', async (url) => {
    const get = await t.app.inject({ method: 'GET', url });
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(get.statusCode).toBe(200);
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
  });
});
