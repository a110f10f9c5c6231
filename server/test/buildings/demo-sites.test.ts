import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floors, stations } from '../../src/db/schema/index.js';
import { PLAN_RESOLUTION } from '../../src/demo/demo-floor-plans.js';
import { seedDemoSites } from '../../src/demo/demo-sites.js';
import { simMapsOf } from '../../src/demo/sim-maps.js';
import { FREE } from '../../src/modules/buildings/maps/occupancy-png.js';
import { createStore } from '../../src/storage/create-store.js';
import { companyIdOf, must } from '../demo.js';
import { buildTestApp, type TestApp } from '../helper.js';

let t: TestApp;
let acme: string;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await companyIdOf(t, 'Acme Robotics');
});
afterAll(() => t.close());

describe('the demo’s floors', () => {
  it('are given to the simulator as its --maps file: floor ids, bounds in metres, stations with chargers', async () => {
    const maps = await simMapsOf(t.regional.db, acme);
    expect(maps).toHaveLength(3);
    const floorIds = (await t.regional.db.select().from(floors).where(eq(floors.companyId, acme))).map(
      (f) => f.id,
    );
    for (const map of maps) {
      expect(floorIds).toContain(map.mapId);
      expect(map.bounds).toEqual({ minX: 0, minY: 0, maxX: 60, maxY: 40 });
      expect(map.stations.length).toBeGreaterThanOrEqual(6);
      expect(map.stations.length).toBeLessThanOrEqual(10);
      expect(map.stations.filter((s) => s.charger)).toHaveLength(2);
    }
    expect(await simMapsOf(t.regional.db, await companyIdOf(t, 'Solo Café'))).toEqual([]);
  });

  it('put every station on free floor of its plan, not in a wall', async () => {
    for (const map of await simMapsOf(t.regional.db, acme)) {
      const [floor] = await t.regional.db.select().from(floors).where(eq(floors.id, map.mapId));
      const image = PNG.sync.read(must(await createStore(t.config.storage).get(must(floor?.mapKey))).body);
      for (const s of map.stations) {
        const col = Math.floor(s.x / PLAN_RESOLUTION);
        const row = image.height - 1 - Math.floor(s.y / PLAN_RESOLUTION);
        expect(image.data[(row * image.width + col) * 4], `${s.name} at (${s.x}, ${s.y})`).toBe(FREE);
      }
    }
  });

  it('are seeded idempotently: a second run adds and replaces nothing', async () => {
    const before = {
      floors: await t.regional.db.select().from(floors).where(eq(floors.companyId, acme)),
      stations: await t.regional.db.select().from(stations).where(eq(stations.companyId, acme)),
    };
    await seedDemoSites(t.regional.db, acme, createStore(t.config.storage));
    const after = {
      floors: await t.regional.db.select().from(floors).where(eq(floors.companyId, acme)),
      stations: await t.regional.db.select().from(stations).where(eq(stations.companyId, acme)),
    };
    expect(after.floors.map((f) => f.mapKey).sort()).toEqual(before.floors.map((f) => f.mapKey).sort());
    expect(after.stations).toHaveLength(before.stations.length);
  });
});
