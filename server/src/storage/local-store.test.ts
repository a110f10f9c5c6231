import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localStore } from './local-store.js';
import type { OpenedObject } from './object-store.js';

const dir = await mkdtemp(path.join(tmpdir(), 'fc-store-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function bytesOf(opened: OpenedObject | null): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of opened?.stream ?? []) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the local object store', () => {
  const store = localStore(dir);

  it('gives back what was put, with its content type', async () => {
    await store.put('floor-maps/c1/a.png', Buffer.from([1, 2, 3]), 'image/png');
    expect(await store.get('floor-maps/c1/a.png')).toEqual({
      body: Buffer.from([1, 2, 3]),
      contentType: 'image/png',
    });
  });

  it('answers null for a key never put, and deletes quietly twice', async () => {
    expect(await store.get('floor-maps/c1/none.png')).toBeNull();
    await store.put('floor-maps/c1/b.png', Buffer.from('x'), 'image/png');
    await store.delete('floor-maps/c1/b.png');
    await store.delete('floor-maps/c1/b.png');
    expect(await store.get('floor-maps/c1/b.png')).toBeNull();
  });

  it('leaves no temporary file behind', async () => {
    await store.put('floor-maps/c2/c.jpg', Buffer.alloc(1000), 'image/jpeg');
    expect((await readdir(path.join(dir, 'floor-maps/c2'))).sort()).toEqual(['c.jpg', 'c.jpg.type']);
  });

  it.each(['../escape.png', 'a/../../b', '/etc/passwd', 'a//b', '', 'a\\b'])(
    'refuses the key %j, which could leave its folder',
    async (key) => {
      await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/not an object key/);
      await expect(store.get(key)).rejects.toThrow(/not an object key/);
    },
  );

  describe('files from disk, streamed', () => {
    const clip = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    const source = path.join(dir, 'upload.tmp-source');

    it('puts a file, and gives its size and type', async () => {
      await writeFile(source, clip);
      await store.putFile('audio/c1/clip.ogg', source, 'audio/ogg');
      expect(await store.stat('audio/c1/clip.ogg')).toEqual({ size: 1000, contentType: 'audio/ogg' });
      expect(await store.get('audio/c1/clip.ogg')).toEqual({ body: clip, contentType: 'audio/ogg' });
      expect((await readdir(path.join(dir, 'audio/c1'))).sort()).toEqual(['clip.ogg', 'clip.ogg.type']);
    });

    it('opens the whole object as a stream', async () => {
      const opened = await store.open('audio/c1/clip.ogg');
      expect(opened).toMatchObject({ size: 1000, contentType: 'audio/ogg' });
      expect(await bytesOf(opened)).toEqual(clip);
    });

    it('opens one inclusive byte range, its end cut to the last byte, and still tells the whole size', async () => {
      const middle = await store.open('audio/c1/clip.ogg', { start: 100, end: 199 });
      expect(middle?.size).toBe(1000);
      expect(await bytesOf(middle)).toEqual(clip.subarray(100, 200));
      expect(await bytesOf(await store.open('audio/c1/clip.ogg', { start: 999, end: 999 }))).toEqual(
        clip.subarray(999),
      );
      expect(await bytesOf(await store.open('audio/c1/clip.ogg', { start: 990, end: 5000 }))).toEqual(
        clip.subarray(990),
      );
      await expect(store.open('audio/c1/clip.ogg', { start: 1000, end: 1000 })).rejects.toThrow(RangeError);
    });

    it('answers null for a key never put, or one naming a folder', async () => {
      expect(await store.stat('audio/c1/none.ogg')).toBeNull();
      expect(await store.open('audio/c1/none.ogg')).toBeNull();
      expect(await store.open('audio/c1/none.ogg', { start: 0, end: 9 })).toBeNull();
      expect(await store.stat('audio/c1')).toBeNull();
      expect(await store.open('audio/c1')).toBeNull();
    });

    it('leaves nothing under the key when the source file is missing', async () => {
      await expect(
        store.putFile('audio/c1/lost.ogg', path.join(dir, 'no-such-file'), 'audio/ogg'),
      ).rejects.toThrow(/ENOENT/);
      expect(await store.stat('audio/c1/lost.ogg')).toBeNull();
      expect((await readdir(path.join(dir, 'audio/c1'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    });
  });
});
