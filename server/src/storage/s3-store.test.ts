import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { createStore } from './create-store.js';
import type { OpenedObject } from './object-store.js';
import { s3Store } from './s3-store.js';

/*
 * No S3 server runs on this machine: a fake endpoint on 127.0.0.1 records what the store sends and answers
 * as S3 does, which checks the request shaping (path-style URLs, signing, content type, missing keys).
 */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}
const seen: Seen[] = [];
const objects = new Map<string, { body: Buffer; type: string }>();

const server = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const url = req.url ?? '';
  seen.push({ method: req.method ?? '', url, headers: req.headers, body });
  const key = decodeURIComponent(url.split('?')[0] ?? '');
  if (req.method === 'PUT') {
    objects.set(key, { body, type: String(req.headers['content-type']) });
    res.writeHead(200, { etag: '"1"' }).end();
  } else if (req.method === 'HEAD') {
    const found = objects.get(key);
    if (!found) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': found.type, 'content-length': found.body.length }).end();
  } else if (req.method === 'GET') {
    const found = objects.get(key);
    const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
    if (!found) {
      res.writeHead(404, { 'content-type': 'application/xml' });
      res.end(
        '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
      );
    } else if (range) {
      const size = found.body.length;
      const start = Number(range[1]);
      const end = Math.min(Number(range[2]), size - 1);
      if (start >= size) {
        res.writeHead(416, { 'content-type': 'application/xml', 'content-range': `bytes */${size}` });
        res.end(
          '<?xml version="1.0"?><Error><Code>InvalidRange</Code><Message>The requested range is not satisfiable</Message></Error>',
        );
      } else {
        res
          .writeHead(206, {
            'content-type': found.type,
            'content-length': end - start + 1,
            'content-range': `bytes ${start}-${end}/${size}`,
          })
          .end(found.body.subarray(start, end + 1));
      }
    } else {
      res.writeHead(200, { 'content-type': found.type, 'content-length': found.body.length }).end(found.body);
    }
  } else if (req.method === 'DELETE') {
    objects.delete(key);
    res.writeHead(204).end();
  } else {
    res.writeHead(405).end();
  }
});

let endpoint: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const dir = await mkdtemp(path.join(tmpdir(), 'fc-s3-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function bytesOf(opened: OpenedObject | null): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of opened?.stream ?? []) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the S3 object store', () => {
  const store = () =>
    s3Store({
      kind: 's3',
      endpoint,
      bucket: 'fleet-maps',
      region: 'eu-central-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      forcePathStyle: true,
    });

  it('puts with a path-style URL, a SigV4 signature and the content type', async () => {
    await store().put('floor-maps/c1/a.png', Buffer.from([9, 8, 7]), 'image/png');
    const put = seen.find((s) => s.method === 'PUT');
    expect(put?.url.split('?')[0]).toBe('/fleet-maps/floor-maps/c1/a.png');
    expect(put?.headers['content-type']).toBe('image/png');
    expect(put?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-central-1\/s3\/aws4_request, SignedHeaders=.*host.*, Signature=[0-9a-f]{64}$/,
    );
    expect(put?.body).toEqual(Buffer.from([9, 8, 7]));
  });

  it('gets the bytes and type back, and null for a missing key', async () => {
    expect(await store().get('floor-maps/c1/a.png')).toEqual({
      body: Buffer.from([9, 8, 7]),
      contentType: 'image/png',
    });
    expect(await store().get('floor-maps/c1/missing.png')).toBeNull();
  });

  it('deletes', async () => {
    await store().delete('floor-maps/c1/a.png');
    expect(seen.at(-1)).toMatchObject({
      method: 'DELETE',
      url: expect.stringMatching(/^\/fleet-maps\/floor-maps\/c1\/a\.png/),
    });
    expect(await store().get('floor-maps/c1/a.png')).toBeNull();
  });

  describe('files from disk, streamed', () => {
    const clip = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

    it('puts a file as a stream body with its length, the payload left unsigned rather than read to hash', async () => {
      const source = path.join(dir, 'clip.ogg');
      await writeFile(source, clip);
      await store().putFile('audio/c1/clip.ogg', source, 'audio/ogg');
      const put = seen.findLast((s) => s.method === 'PUT');
      expect(put?.url.split('?')[0]).toBe('/fleet-maps/audio/c1/clip.ogg');
      expect(put?.headers).toMatchObject({
        'content-type': 'audio/ogg',
        'content-length': '1000',
        'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
      });
      expect(put?.body).toEqual(clip);
    });

    it('gives the size and type, and null for a missing key', async () => {
      expect(await store().stat('audio/c1/clip.ogg')).toEqual({ size: 1000, contentType: 'audio/ogg' });
      expect(seen.at(-1)?.method).toBe('HEAD');
      expect(await store().stat('audio/c1/missing.ogg')).toBeNull();
    });

    it('opens the whole object as a Node stream', async () => {
      const opened = await store().open('audio/c1/clip.ogg');
      expect(opened?.stream).toBeInstanceOf(Readable);
      expect(opened).toMatchObject({ size: 1000, contentType: 'audio/ogg' });
      expect(await bytesOf(opened)).toEqual(clip);
      expect(seen.at(-1)?.headers.range).toBeUndefined();
    });

    it('asks S3 for one byte range, and reads the whole size from Content-Range', async () => {
      const opened = await store().open('audio/c1/clip.ogg', { start: 100, end: 199 });
      expect(seen.at(-1)?.headers.range).toBe('bytes=100-199');
      expect(opened).toMatchObject({ size: 1000, contentType: 'audio/ogg' });
      expect(await bytesOf(opened)).toEqual(clip.subarray(100, 200));
      expect(await bytesOf(await store().open('audio/c1/clip.ogg', { start: 990, end: 5000 }))).toEqual(
        clip.subarray(990),
      );
    });

    it('answers null for a missing key, and a RangeError for a range past the end', async () => {
      expect(await store().open('audio/c1/missing.ogg')).toBeNull();
      expect(await store().open('audio/c1/missing.ogg', { start: 0, end: 9 })).toBeNull();
      await expect(store().open('audio/c1/clip.ogg', { start: 1000, end: 1000 })).rejects.toThrow(RangeError);
    });
  });
});

describe('the S3_ variables', () => {
  it('choose the bucket over the local folder, path-style for an endpoint', async () => {
    const config = loadConfig({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'fleet-maps',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.storage).toMatchObject({ kind: 's3', region: 'us-east-1', forcePathStyle: true });
    const store = createStore(config.storage);
    expect(store.label).toBe(`s3:${endpoint}/fleet-maps`);
    await store.put('floor-maps/c9/z.png', Buffer.from('z'), 'image/png');
    expect(seen.at(-1)).toMatchObject({
      method: 'PUT',
      url: expect.stringMatching(/^\/fleet-maps\/floor-maps\/c9\/z\.png/),
    });
    const source = path.join(dir, 'z.ogg');
    await writeFile(source, 'zz');
    await store.putFile('audio/c9/z.ogg', source, 'audio/ogg');
    expect(await store.stat('audio/c9/z.ogg')).toEqual({ size: 2, contentType: 'audio/ogg' });
    expect(await bytesOf(await store.open('audio/c9/z.ogg', { start: 1, end: 1 }))).toEqual(Buffer.from('z'));
  });

  it('are all or nothing: a bucket without keys names what is missing', () => {
    expect(() => loadConfig({ S3_BUCKET: 'fleet-maps' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: 'fleet-maps' })).toThrow(
      /S3_ACCESS_KEY_ID: required[\s\S]*S3_SECRET_ACCESS_KEY: required/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET: an S3 bucket name/);
  });

  it('unset, files stay in DATA_DIR/files', () => {
    expect(loadConfig({ DATA_DIR: '/srv/fleet' }).storage).toEqual({
      kind: 'local',
      dir: '/srv/fleet/files',
    });
  });
});
