import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.js';
import { FIXTURE_LOCALES } from './walk-fixture.js';

/** A built console: index.html, a hashed asset, and the copy of the translations Vite puts in dist. */
async function fakeDist(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'fc-dist-'));
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await mkdir(path.join(dir, 'locales/zh'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>console</title>');
  await writeFile(path.join(dir, 'assets/main-abc123.js'), 'console.log(1)');
  await writeFile(path.join(dir, 'assets/main-abc123.js.br'), brotliCompressSync('console.log(1)'));
  await writeFile(path.join(dir, 'locales/zh/common.json'), '{"hello":"stale build copy"}');
  return dir;
}

describe('the built console', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await fakeDist();
    t = await buildTestApp({ webDist: dist, localesDir: FIXTURE_LOCALES });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves translations from LOCALES_DIR, not from the build’s copy', async () => {
    const res = await t.app.inject({ url: '/locales/zh/common.json' });
    expect(res.json()).toEqual({ hello: '你好' });
  });

  it('answers a console route with index.html, so the console’s router decides', async () => {
    const res = await t.app.inject({ url: '/ROBOTS' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>console</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers an unknown API path with the 404 envelope', async () => {
    const res = await t.app.inject({ url: '/opt/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('sends the precompressed file to a browser that accepts it', async () => {
    const res = await t.app.inject({
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('lets browsers keep hashed assets for a year', async () => {
    const res = await t.app.inject({ url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });
});
