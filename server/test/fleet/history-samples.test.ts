import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { robotStateSamples } from '../../src/db/schema/index.js';
import { HistoryRecorder } from '../../src/fleet/history/history-recorder.js';
import { LiveStore } from '../../src/fleet/live-store.js';
import { freshDatabase } from '../helper.js';
import { stateDigest } from './vda-samples.js';

const COMPANY = '00000000-0000-4000-8000-000000000001';
const robotId = (i: number) => `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`;

describe('the history recorder writes state samples', async () => {
  const fresh = await freshDatabase();
  const store = new LiveStore();
  const recorder = new HistoryRecorder(store, fresh.db.db, pino({ level: 'silent' }));
  afterAll(async () => {
    await recorder.close();
    await fresh.drop();
  });
  const register = (i: number) =>
    store.register({
      id: robotId(i),
      companyId: COMPANY,
      name: `R-${i}`,
      manufacturer: 'acme',
      serialNumber: `R-${i}`,
      model: 'm',
      buildingId: null,
      expectedIntervalMs: 5000,
    });
  const rowsOf = (i: number) =>
    fresh.db.db
      .select()
      .from(robotStateSamples)
      .where(eq(robotStateSamples.robotId, robotId(i)));

  it('every column, nulls included, as the robot reported it', async () => {
    register(1);
    register(2);
    store.applyState(
      robotId(1),
      stateDigest({
        orderId: 'order-7',
        agvPosition: { x: 1.5, y: -2.25, theta: 3.1, mapId: 'floor-1' },
        batteryState: { batteryCharge: 42.5, charging: true },
        errors: [{ errorType: 'x', errorLevel: 'WARNING' }],
      }),
      Date.now(),
    );
    store.applyConnection(robotId(2), 'OFFLINE', Date.now());
    await recorder.flush();
    // Registration wrote a sample too, possibly in the same millisecond: pick the state's by its content.
    const last = (await rowsOf(1)).find((r) => r.orderId === 'order-7');
    expect(last).toMatchObject({
      companyId: COMPANY,
      status: 'charging',
      connection: 'ONLINE',
      mapId: 'floor-1',
      x: 1.5,
      y: -2.25,
      theta: 3.1,
      battery: 42.5,
      charging: true,
      orderId: 'order-7',
      errorCount: 1,
    });
    expect(Math.abs((last?.at.getTime() ?? 0) - Date.now())).toBeLessThan(10_000);
    const offline = (await rowsOf(2)).find((r) => r.connection === 'OFFLINE');
    expect(offline).toMatchObject({
      connection: 'OFFLINE',
      mapId: null,
      x: null,
      battery: null,
      orderId: null,
    });
  });

  it('thousands of robots in one flush', async () => {
    for (let i = 100; i < 3100; i++) register(i);
    await recorder.flush();
    const all = await fresh.db.db.select({ id: robotStateSamples.robotId }).from(robotStateSamples);
    expect(new Set(all.map((r) => r.id)).size).toBeGreaterThanOrEqual(3002);
  });
});
