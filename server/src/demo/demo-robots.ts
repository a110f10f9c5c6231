import { and, eq, inArray, like } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { buildings, robots } from '../db/schema/index.js';

/** Demo robots are simulated ones: this manufacturer and serial numbers starting DEMO-. */
export const DEMO_MANUFACTURER = 'fleetsim';
export const DEMO_SERIAL_PREFIX = 'DEMO-';

interface DemoRobot {
  name: string;
  model: string;
  building: string;
}

/** The demo fleet, all Acme's (Solo Café's building has no floor map to drive on): couriers and a cleaner in the tower, tugs at the depot. */
export const DEMO_ROBOTS: DemoRobot[] = [
  { name: 'Courier 1', model: 'Courier C2', building: 'Acme Tower' },
  { name: 'Courier 2', model: 'Courier C2', building: 'Acme Tower' },
  { name: 'Courier 3', model: 'Courier C2', building: 'Acme Tower' },
  { name: 'Courier 4', model: 'Courier C2', building: 'Acme Tower' },
  { name: 'Cleaner 1', model: 'Scrubber S1', building: 'Acme Tower' },
  { name: 'Tug 1', model: 'Tug T3', building: 'Acme Logistics Depot' },
  { name: 'Tug 2', model: 'Tug T3', building: 'Acme Logistics Depot' },
  { name: 'Tug 3', model: 'Tug T3', building: 'Acme Logistics Depot' },
];

/**
 * Registers the demo robots in the buildings of those names, in one transaction. They get no MQTT password
 * here: the demo fleet gives each a fresh one whenever it starts (the server keeps only hashes).
 */
export async function seedDemoRobots(reg: Db): Promise<void> {
  const names = [...new Set(DEMO_ROBOTS.map((r) => r.building))];
  const rows = await reg
    .select({ id: buildings.id, name: buildings.name, companyId: buildings.companyId })
    .from(buildings)
    .where(inArray(buildings.name, names));
  const byName = new Map(rows.map((b) => [b.name, b]));
  const values = DEMO_ROBOTS.flatMap((r, i) => {
    const building = byName.get(r.building);
    if (!building) return [];
    return [
      {
        companyId: building.companyId,
        buildingId: building.id,
        name: r.name,
        model: r.model,
        manufacturer: DEMO_MANUFACTURER,
        serialNumber: `${DEMO_SERIAL_PREFIX}${String(i + 1).padStart(4, '0')}`,
      },
    ];
  });
  if (values.length) await reg.insert(robots).values(values).onConflictDoNothing();
}

/** The registered demo robots, wherever they were moved since. */
export function demoRobotsOf(reg: Db) {
  return reg
    .select()
    .from(robots)
    .where(
      and(eq(robots.manufacturer, DEMO_MANUFACTURER), like(robots.serialNumber, `${DEMO_SERIAL_PREFIX}%`)),
    );
}
