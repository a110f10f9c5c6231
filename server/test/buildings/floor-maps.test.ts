import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { greyPng } from '../../src/modules/buildings/maps/occupancy-png.js';
import { companyIdOf, loginInto, must } from '../demo.js';
import { buildTestApp, call, login, type TestApp } from '../helper.js';

let t: TestApp;
let owner: string;
let staff: string;
let solo: string;
let acme: string;
let building: string;
let level = 0;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner@acme.test');
  staff = await loginInto(t, 'staff@acme.test', 'Acme Robotics');
  solo = await login(t.app, 'solo@solo.test');
  acme = await companyIdOf(t, 'Acme Robotics');
  building = (await call(t.app, 'createBuilding', { token: owner, body: { name: 'Map Lab' } })).body.data.id;
});
afterAll(() => t.close());

async function newFloor(): Promise<string> {
  const res = await call(t.app, 'createFloor', {
    token: owner,
    body: { buildingId: building, name: `F${level}`, level: level++ },
  });
  return res.body.data.id;
}

const upload = (id: string, body: Record<string, unknown>, token = owner) =>
  call(t.app, 'uploadFloorMap', { token, params: { id }, body });

/** The image as served: call() reads answers as text, which would garble the bytes. */
function fetchMap(id: string, token: string, headers: Record<string, string> = {}, v?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/opt/v1/building/floor/${id}/map${v ? `?v=${v}` : ''}`,
    headers: { token, ...headers },
  });
}

/** Files in the company's folder of the local store. */
const storedFiles = async () =>
  (await readdir(path.join(t.dataDir, 'files/floor-maps', acme)).catch(() => [] as string[]))
    .filter((f) => !f.endsWith('.type'))
    .sort();

const b64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');
const png = (w: number, h: number) => greyPng(w, h, Buffer.alloc(w * h, 254));
/** A 4 × 3 map_saver PGM: a wall on the left column, free space elsewhere, one unknown pixel. */
const P5 = Buffer.concat([
  Buffer.from('P5\n# CREATOR: map_saver.cpp 0.050 m/pix\n4 3\n255\n', 'latin1'),
  Buffer.from([0, 254, 254, 254, 0, 205, 254, 254, 0, 254, 254, 254]),
]);
const P2 = 'P2\n4 3\n255\n0 254 254 254\n0 205 254 254\n0 254 254 254\n';
const YAML =
  'image: lab.pgm\nresolution: 0.05\norigin: [-1.0, -0.5, 0.0]\nnegate: 0\noccupied_thresh: 0.65\nfree_thresh: 0.196\n';

describe('floor map upload', () => {
  it('a PNG round-trips: stored as sent, served with its type, size, scale and origin', async () => {
    const id = await newFloor();
    const image = png(120, 80);
    const res = await upload(id, {
      format: 'image',
      image: b64(image),
      resolution: 0.1,
      origin: { x: -2, y: 3 },
    });
    expect(res.status).toBe(200);
    const map = must(res.body.data.map);
    expect(map).toMatchObject({
      contentType: 'image/png',
      width: 120,
      height: 80,
      resolution: 0.1,
      origin: { x: -2, y: 3 },
      imageUrl: `/opt/v1/building/floor/${id}/map?v=${map.version}`,
    });
    expect(map.bounds.maxX).toBeCloseTo(10);
    expect(map.bounds.maxY).toBeCloseTo(11);
    const served = await fetchMap(id, staff);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers.etag).toBe(`"${map.version}"`);
    expect(served.headers['cache-control']).toBe('private, no-cache');
    expect(served.rawPayload.equals(image)).toBe(true);
  });

  it('a JPEG is known by its bytes, whatever the request calls it', async () => {
    const id = await newFloor();
    const sof = [0xff, 0xc0, 0x00, 0x0b, 8, 0x01, 0x90, 0x02, 0x58, 1, 1, 0x11, 0];
    const jpeg = Buffer.from([0xff, 0xd8, ...sof, 0xff, 0xda, 0x00, 0x02, 0x12, 0x34, 0xff, 0xd9]);
    const res = await upload(id, { format: 'image', image: b64(jpeg), resolution: 0.05 });
    expect(res.body.data.map).toMatchObject({
      contentType: 'image/jpeg',
      width: 600,
      height: 400,
      origin: { x: 0, y: 0 },
    });
    const served = await fetchMap(id, owner);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it.each([
    ['P5', b64(P5)],
    ['P2', b64(P2)],
  ])('a ROS map_server pair (%s PGM + YAML) is served as a PNG of the same size', async (_, pgm) => {
    const id = await newFloor();
    const res = await upload(id, { format: 'ros', pgm, yaml: YAML });
    expect(res.status).toBe(200);
    expect(res.body.data.map).toMatchObject({
      contentType: 'image/png',
      width: 4,
      height: 3,
      resolution: 0.05,
      origin: { x: -1, y: -0.5 },
    });
    const served = await fetchMap(id, staff);
    const decoded = PNG.sync.read(served.rawPayload);
    expect([decoded.width, decoded.height]).toEqual([4, 3]);
    // Walls black, free space white, the unknown pixel map_saver grey.
    expect([0, 1, 5].map((i) => decoded.data[i * 4])).toEqual([0, 254, 205]);
  });

  it.each([
    [
      { format: 'image', image: b64('GIF89a not a map'), resolution: 0.05 },
      'body.image: not a PNG or JPEG image',
    ],
    [
      { format: 'image', image: b64(png(5, 5).subarray(0, 30)), resolution: 0.05 },
      'body.image: the PNG is cut short',
    ],
    [{ format: 'image', image: b64(png(5, 5)), resolution: 0 }, 'body.resolution: more than 0'],
    [{ format: 'image', image: 'not base64!', resolution: 0.05 }, 'body.image: not base64'],
    [{ format: 'ros', pgm: b64(png(4, 3)), yaml: YAML }, 'body.pgm: not a PGM image'],
    [{ format: 'ros', pgm: b64('P5 4 3 255\n\u0000'), yaml: YAML }, 'body.pgm: the PGM is cut short'],
    [{ format: 'ros', pgm: b64(P5), yaml: 'resolution: [' }, 'body.yaml: not valid YAML'],
    [
      { format: 'ros', pgm: b64(P5), yaml: 'image: a.pgm\norigin: [0, 0, 0]\n' },
      'body.yaml: resolution: required',
    ],
    [
      { format: 'ros', pgm: b64(P5), yaml: 'resolution: 0.05\norigin: [0, 0, 1.57]\n' },
      'body.yaml: origin: yaw must be 0',
    ],
    [{ format: 'svg', image: b64('<svg/>') }, 'body.format: '],
  ])('refuses %j with 400 naming the field, storing nothing', async (body, reason) => {
    const id = await newFloor();
    const before = await storedFiles();
    const res = await upload(id, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(res.body.info.startsWith(reason), res.body.info).toBe(true);
    expect(await storedFiles()).toEqual(before);
  });

  it('a file over the 1 MB body limit of other calls is taken (the upload has its own limit)', async () => {
    const id = await newFloor();
    const noise = greyPng(1200, 1000, randomBytes(1200 * 1000));
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    const res = await upload(id, { format: 'image', image: b64(noise), resolution: 0.05 });
    expect(res.status, res.body.info).toBe(200);
    expect(res.body.data.map).toMatchObject({ width: 1200, height: 1000 });
  });

  it('a file over the configured size is refused with 413 naming the field', async () => {
    const id = await newFloor();
    const limit = t.config.mapMaxBytes;
    t.config.mapMaxBytes = 1000;
    try {
      const res = await upload(id, { format: 'image', image: b64(Buffer.alloc(1500)), resolution: 0.05 });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        info: 'body.image: 2 KB is more than the 1 KB allowed',
      });
    } finally {
      t.config.mapMaxBytes = limit;
    }
  });

  it('replacing a map deletes the file it replaced once the new one is committed', async () => {
    const id = await newFloor();
    const first = must(
      (await upload(id, { format: 'image', image: b64(png(10, 10)), resolution: 1 })).body.data.map,
    );
    const filesBefore = await storedFiles();
    expect(filesBefore).toContain(`${first.version}.png`);
    const second = must(
      (await upload(id, { format: 'image', image: b64(png(20, 10)), resolution: 1 })).body.data.map,
    );
    const filesAfter = await storedFiles();
    expect(filesAfter).toContain(`${second.version}.png`);
    expect(filesAfter).not.toContain(`${first.version}.png`);
    expect(filesAfter).toHaveLength(filesBefore.length);
  });

  it('a failed database write leaves no stored file and the old map in place', async () => {
    const id = await newFloor();
    const old = must(
      (await upload(id, { format: 'image', image: b64(png(10, 10)), resolution: 1 })).body.data.map,
    );
    const before = await storedFiles();
    await t.regional.db.execute(sql`
      create function fail_floor_update() returns trigger language plpgsql as $$
      begin raise exception 'the disk is full (test)'; end $$`);
    await t.regional.db.execute(
      sql`create trigger fail_floor_update before update on floors for each row execute function fail_floor_update()`,
    );
    try {
      const res = await upload(id, { format: 'image', image: b64(png(30, 30)), resolution: 1 });
      expect(res.status).toBe(500);
    } finally {
      await t.regional.db.execute(sql`drop trigger fail_floor_update on floors`);
      await t.regional.db.execute(sql`drop function fail_floor_update()`);
    }
    expect(await storedFiles()).toEqual(before);
    const floor = await call(t.app, 'getFloor', { token: owner, params: { id } });
    expect(floor.body.data.map?.version).toBe(old.version);
    expect((await fetchMap(id, owner)).statusCode).toBe(200);
  });

  it('removing the floor removes its map file', async () => {
    const id = await newFloor();
    const map = must(
      (await upload(id, { format: 'image', image: b64(png(10, 10)), resolution: 1 })).body.data.map,
    );
    await call(t.app, 'removeFloor', { token: owner, params: { id } });
    expect(await storedFiles()).not.toContain(`${map.version}.png`);
  });

  it('staff may not upload, another company’s floor is not found, and the upload is audited', async () => {
    const id = await newFloor();
    const body = { format: 'image', image: b64(png(10, 10)), resolution: 1 };
    expect((await upload(id, body, staff)).status).toBe(403);
    expect((await upload(id, body, solo)).status).toBe(404);
    await upload(id, body);
    expect((await fetchMap(id, solo)).statusCode).toBe(404);
    const audit = await call(t.app, 'searchAudit', {
      token: owner,
      body: { pageIndex: 1, pageLength: 1, requestData: { action: 'floor.uploadMap' } },
    });
    expect(audit.body.data.list[0]).toMatchObject({
      targetId: id,
      detail: { format: 'image', contentType: 'image/png', width: 10, height: 10 },
    });
  });
});

describe('serving a floor map', () => {
  it('answers 304 to its own ETag and may be cached for good under its version', async () => {
    const id = await newFloor();
    const map = must(
      (await upload(id, { format: 'image', image: b64(png(10, 10)), resolution: 1 })).body.data.map,
    );
    const again = await fetchMap(id, staff, { 'if-none-match': `"${map.version}"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    const versioned = await fetchMap(id, staff, {}, map.version);
    expect(versioned.headers['cache-control']).toBe('private, max-age=31536000, immutable');
  });

  it('a floor without a map answers 404, and so does no token 401', async () => {
    const id = await newFloor();
    expect((await fetchMap(id, owner)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/opt/v1/building/floor/${id}/map` })).statusCode).toBe(
      401,
    );
  });
});
