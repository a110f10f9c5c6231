import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { buildings, floors, stations } from '../db/schema/index.js';
import type { ObjectStore } from '../storage/object-store.js';
import { floorPlanPng, PLAN_RESOLUTION, PLAN_SIZE_PX, type PlanKind } from './demo-floor-plans.js';

interface DemoStation {
  name: string;
  x: number;
  y: number;
  theta: number;
  charger?: boolean;
}
interface DemoFloor {
  name: string;
  level: number;
  plan: PlanKind;
  stations: DemoStation[];
}
interface DemoSite {
  address: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  floors: DemoFloor[];
}

const UP = Math.PI / 2;
const DOWN = -Math.PI / 2;
const WEST = Math.PI;

/** The demo's buildings by name: where they are, their floors and the stations on each (metres, map frame). */
export const DEMO_SITES: Record<string, DemoSite> = {
  'Acme Tower': {
    address: '350 Mission Street, San Francisco, CA 94105',
    latitude: 37.7907,
    longitude: -122.3966,
    timeZone: 'America/Los_Angeles',
    floors: [
      {
        name: 'Lobby',
        level: 0,
        plan: 'lobby',
        stations: [
          { name: 'Main Entrance', x: 30, y: 4, theta: UP },
          { name: 'Reception', x: 30, y: 10.5, theta: UP },
          { name: 'Lift Lobby', x: 30, y: 28.5, theta: UP },
          { name: 'Café', x: 8, y: 6, theta: WEST },
          { name: 'Mail Room', x: 17, y: 32, theta: UP },
          { name: 'Meeting Room West', x: 6.5, y: 32, theta: UP },
          { name: 'Meeting Room East', x: 53.5, y: 32, theta: UP },
          { name: 'Charger 1', x: 44, y: 22, theta: 0, charger: true },
          { name: 'Charger 2', x: 46, y: 22, theta: 0, charger: true },
        ],
      },
      {
        name: 'Floor 12',
        level: 12,
        plan: 'office',
        stations: [
          { name: 'Lift Lobby', x: 30, y: 12, theta: UP },
          { name: 'Office 1201', x: 16.5, y: 35, theta: UP },
          { name: 'Office 1204', x: 43.5, y: 35, theta: UP },
          { name: 'Office 1205', x: 16.5, y: 5, theta: DOWN },
          { name: 'Office 1208', x: 43.5, y: 5, theta: DOWN },
          { name: 'Open Plan West', x: 10, y: 20, theta: WEST },
          { name: 'Open Plan East', x: 50, y: 20, theta: 0 },
          { name: 'Charger 1', x: 44, y: 28, theta: 0, charger: true },
          { name: 'Charger 2', x: 45.5, y: 28, theta: 0, charger: true },
        ],
      },
    ],
  },
  'Acme Logistics Depot': {
    address: '1 Maritime Street, Oakland, CA 94607',
    latitude: 37.8044,
    longitude: -122.3148,
    timeZone: 'America/Los_Angeles',
    floors: [
      {
        name: 'Warehouse',
        level: 0,
        plan: 'warehouse',
        stations: [
          { name: 'Dock 1', x: 10.6, y: 4, theta: DOWN },
          { name: 'Dock 2', x: 20.6, y: 4, theta: DOWN },
          { name: 'Dock 3', x: 30.6, y: 4, theta: DOWN },
          { name: 'Aisle A', x: 27, y: 16.1, theta: 0 },
          { name: 'Aisle D', x: 27, y: 25.1, theta: 0 },
          { name: 'Packing', x: 53, y: 23.75, theta: 0 },
          { name: 'Depot Office', x: 53, y: 35, theta: UP },
          { name: 'Charger 1', x: 4, y: 36, theta: UP, charger: true },
          { name: 'Charger 2', x: 6, y: 36, theta: UP, charger: true },
        ],
      },
    ],
  },
  'Solo Café Main Street': {
    address: '12 Main Street, Portland, ME 04101',
    latitude: 43.6591,
    longitude: -70.2568,
    timeZone: 'America/New_York',
    floors: [],
  },
};

/**
 * Gives the demo buildings of a company their address, floors, floor maps and stations. Idempotent: a floor
 * already on its level, a station already named and a map already stored are left as they are, so it can run
 * again on a seeded database (to add what a newer demo has). Without a store the floors get no map image.
 */
export async function seedDemoSites(reg: Db, companyId: string, store: ObjectStore | null): Promise<void> {
  const rows = await reg.select().from(buildings).where(eq(buildings.companyId, companyId));
  for (const building of rows) {
    const site = DEMO_SITES[building.name];
    if (!site) continue;
    const { floors: demoFloors, ...place } = site;
    await reg.update(buildings).set(place).where(eq(buildings.id, building.id));
    for (const demo of demoFloors) {
      await reg
        .insert(floors)
        .values({ companyId, buildingId: building.id, name: demo.name, level: demo.level })
        .onConflictDoNothing();
      const [floor] = await reg
        .select()
        .from(floors)
        .where(and(eq(floors.buildingId, building.id), eq(floors.level, demo.level)));
      if (!floor) throw new Error(`demo floor ${demo.name} not created`);
      if (store && !floor.mapKey) await storePlan(reg, store, companyId, floor.id, demo.plan);
      await reg
        .insert(stations)
        .values(demo.stations.map((s) => ({ charger: false, ...s, companyId, floorId: floor.id })))
        .onConflictDoNothing();
    }
  }
}

async function storePlan(reg: Db, store: ObjectStore, companyId: string, floorId: string, plan: PlanKind) {
  const key = `floor-maps/${companyId}/${randomUUID()}.png`;
  await store.put(key, floorPlanPng(plan), 'image/png');
  const updated = await reg
    .update(floors)
    .set({
      mapKey: key,
      mapContentType: 'image/png',
      mapWidth: PLAN_SIZE_PX.width,
      mapHeight: PLAN_SIZE_PX.height,
      mapResolution: PLAN_RESOLUTION,
      mapOriginX: 0,
      mapOriginY: 0,
      mapUploadedAt: new Date(),
    })
    .where(and(eq(floors.id, floorId), isNull(floors.mapKey)))
    .returning({ id: floors.id });
  // Another seeding got there first: its file stays, this one goes.
  if (!updated.length) await store.delete(key);
}
