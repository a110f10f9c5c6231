import type { DeviceType } from '@fleet/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { buildings, floors, miniDevices } from '../db/schema/index.js';

interface DemoDevice {
  name: string;
  label: string;
  type: DeviceType;
  model: string;
  building: string;
  /** The floor's level, and the point on its map (metres). */
  level: number | null;
  point: { x: number; y: number } | null;
}

/** Acme's devices: two call buttons the demo presses now and then, and a door sensor at the depot. */
export const DEMO_DEVICES: DemoDevice[] = [
  {
    name: 'MINI-ACME-0001',
    label: 'Lobby Kiosk',
    type: 'callButton',
    model: 'CB-200',
    building: 'Acme Tower',
    level: 0,
    point: { x: 24, y: 12 },
  },
  {
    name: 'MINI-ACME-0002',
    label: 'Floor 12 Call Button',
    type: 'callButton',
    model: 'CB-200',
    building: 'Acme Tower',
    level: 12,
    point: { x: 36, y: 20 },
  },
  {
    name: 'MINI-ACME-0003',
    label: 'Dock Door Sensor',
    type: 'doorBox',
    model: 'DS-10',
    building: 'Acme Logistics Depot',
    level: 0,
    point: { x: 20.6, y: 2 },
  },
];

/**
 * Registers Acme's demo devices in their buildings, on their floors and points. Idempotent. They get their MQTT
 * password when the demo's simulated devices start (demo-device-presses.ts), as the demo robots do.
 */
export async function seedDemoDevices(reg: Db, companyId: string): Promise<void> {
  for (const d of DEMO_DEVICES) {
    const [building] = await reg
      .select({ id: buildings.id })
      .from(buildings)
      .where(and(eq(buildings.companyId, companyId), eq(buildings.name, d.building)));
    if (!building) throw new Error(`demo building ${d.building} not found`);
    const [floor] =
      d.level === null
        ? []
        : await reg
            .select({ id: floors.id })
            .from(floors)
            .where(and(eq(floors.buildingId, building.id), eq(floors.level, d.level)));
    const place = {
      buildingId: building.id,
      floorId: floor?.id ?? null,
      pointX: floor ? (d.point?.x ?? null) : null,
      pointY: floor ? (d.point?.y ?? null) : null,
    };
    await reg
      .insert(miniDevices)
      .values({
        companyId,
        name: d.name,
        label: d.label,
        type: d.type,
        model: d.model,
        ...place,
      })
      .onConflictDoNothing();
  }
}
