import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStore } from './local-store.js';
import { sendStoredObject } from './send-object.js';

const dir = await mkdtemp(path.join(tmpdir(), 'fc-send-'));
const store = localStore(path.join(dir, 'files'));
const clip = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

const app = Fastify();
app.get<{ Params: { '*': string } }>('/objects/*', async (request, reply) => {
  const sent = await sendStoredObject(request, reply, store, request.params['*'], {
    contentType: 'audio/ogg',
    etag: '"v1"',
    cacheControl: 'private, max-age=31536000, immutable',
    fileName: 'Lobby greeting (é).ogg',
  });
  return sent ? reply : reply.code(404).send({ error: 'no such clip' });
});

beforeAll(async () => {
  const source = path.join(dir, 'upload');
  await writeFile(source, clip);
  await store.putFile('audio/c1/clip.ogg', source, 'application/octet-stream');
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (headers: Record<string, string> = {}, url = '/objects/audio/c1/clip.ogg') =>
  app.inject({ method: 'GET', url, headers });

describe('sendStoredObject', () => {
  it('sends the whole object with its length, the given type, validators and a download name', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(clip);
    expect(res.headers).toMatchObject({
      'accept-ranges': 'bytes',
      'content-length': '1000',
      'content-type': 'audio/ogg',
      etag: '"v1"',
      'cache-control': 'private, max-age=31536000, immutable',
      'content-disposition': `inline; filename="Lobby greeting (_).ogg"; filename*=UTF-8''Lobby%20greeting%20%28%C3%A9%29.ogg`,
    });
    expect(res.headers['content-range']).toBeUndefined();
  });

  it('sends one byte range as 206 with its Content-Range', async () => {
    const res = await get({ range: 'bytes=100-199' });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload).toEqual(clip.subarray(100, 200));
    expect(res.headers).toMatchObject({
      'accept-ranges': 'bytes',
      'content-range': 'bytes 100-199/1000',
      'content-length': '100',
      'content-type': 'audio/ogg',
      etag: '"v1"',
    });
  });

  it('sends an open range and a suffix range to the last byte', async () => {
    const open = await get({ range: 'bytes=990-' });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe('bytes 990-999/1000');
    expect(open.rawPayload).toEqual(clip.subarray(990));

    const suffix = await get({ range: 'bytes=-300' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers).toMatchObject({ 'content-range': 'bytes 700-999/1000', 'content-length': '300' });
    expect(suffix.rawPayload).toEqual(clip.subarray(700));
  });

  it('answers 416 with the size for a range past the end', async () => {
    const res = await get({ range: 'bytes=1000-1100' });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */1000');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.length).toBe(0);
  });

  it('sends the whole object for several ranges, or an If-Range naming another version', async () => {
    for (const headers of [
      { range: 'bytes=0-9,20-29' },
      { range: 'bytes=0-9', 'if-range': '"v0"' },
    ] as Record<string, string>[]) {
      const res = await get(headers);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(clip);
    }
    const current = await get({ range: 'bytes=0-9', 'if-range': '"v1"' });
    expect(current.statusCode).toBe(206);
    expect(current.rawPayload).toEqual(clip.subarray(0, 10));
  });

  it('answers 304 with the validators, and no body, when If-None-Match names the ETag', async () => {
    for (const ifNoneMatch of ['"v1"', 'W/"v1"', '"v0", "v1"']) {
      const res = await get({ 'if-none-match': ifNoneMatch });
      expect(res.statusCode).toBe(304);
      expect(res.headers).toMatchObject({
        etag: '"v1"',
        'cache-control': 'private, max-age=31536000, immutable',
      });
      expect(res.rawPayload.length).toBe(0);
    }
    expect((await get({ 'if-none-match': '"v0"' })).statusCode).toBe(200);
  });

  it('leaves a missing object to the caller, with none of its headers set', async () => {
    for (const headers of [{}, { range: 'bytes=0-9' }] as Record<string, string>[]) {
      const res = await get(headers, '/objects/audio/c1/none.ogg');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'no such clip' });
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['cache-control']).toBeUndefined();
      expect(res.headers['accept-ranges']).toBeUndefined();
    }
  });

  it('uses the stored content type when the caller gives none', async () => {
    const bare = Fastify();
    bare.get('/', async (request, reply) => {
      await sendStoredObject(request, reply, store, 'audio/c1/clip.ogg');
      return reply;
    });
    const res = await bare.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers.etag).toBeUndefined();
    await bare.close();
  });
});
