import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localStore } from './local-store.js';

const dir = await mkdtemp(path.join(tmpdir(), 'fc-store-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

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
});
