import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCalls, deviceEvents, miniDevices } from '../../src/db/schema/index.js';
import type { Call } from '../../src/modules/devices/calls/call-dispatch.js';
import { CallRecords } from '../../src/modules/devices/calls/call-records.js';
import { freshDatabase } from '../helper.js';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let device: { id: string; companyId: string };
const BUILDING = randomUUID();

beforeAll(async () => {
  fresh = await freshDatabase();
  const companyId = randomUUID();
  const [row] = await fresh.db.db
    .insert(miniDevices)
    .values({ companyId, name: 'REC-1', label: 'Table 1' })
    .returning();
  if (!row) throw new Error('device not created');
  device = { id: row.id, companyId };
});

afterAll(async () => {
  await fresh.drop();
});

const call = (over: Partial<Call>): Call => ({
  id: randomUUID(),
  deviceId: device.id,
  buildingId: BUILDING,
  state: 'created',
  robotId: null,
  robotName: null,
  orderId: null,
  createdAt: 1_700_000_000_000,
  since: 1_700_000_000_000,
  escalated: false,
  note: null,
  ...over,
});

describe('a call and its steps written down (DEVICES-CALLS)', () => {
  it('a call moved through several steps at once is written once, with the time it first reached each step', async () => {
    const records = new CallRecords(fresh.db.db, pino({ level: 'silent' }) as unknown as FastifyBaseLogger);
    const c = call({});
    records.call(device.companyId, c);
    records.call(device.companyId, {
      ...c,
      state: 'assigned',
      robotName: 'Server 1',
      since: c.createdAt + 1000,
    });
    records.call(device.companyId, {
      ...c,
      state: 'arriving',
      robotName: 'Server 1',
      since: c.createdAt + 1500,
    });
    records.call(device.companyId, {
      ...c,
      state: 'arrived',
      robotName: 'Server 1',
      since: c.createdAt + 9000,
    });
    await records.settled();
    const [row] = await fresh.db.db.select().from(deviceCalls).where(eq(deviceCalls.id, c.id));
    expect(row).toMatchObject({ state: 'arrived', robotName: 'Server 1', endedAt: null });
    expect(row?.assignedAt?.getTime()).toBe(c.createdAt + 1000);
    expect(row?.arrivedAt?.getTime()).toBe(c.createdAt + 9000);
    // A later batch keeps the steps already written and adds the end.
    records.call(device.companyId, {
      ...c,
      state: 'done',
      robotName: 'Server 1',
      since: c.createdAt + 20_000,
    });
    await records.settled();
    const [done] = await fresh.db.db.select().from(deviceCalls).where(eq(deviceCalls.id, c.id));
    expect(done?.state).toBe('done');
    expect(done?.assignedAt?.getTime()).toBe(c.createdAt + 1000);
    expect(done?.endedAt?.getTime()).toBe(c.createdAt + 20_000);
  });

  it('a step of a device removed meanwhile is lost alone: the others of its batch are written, in order', async () => {
    const records = new CallRecords(fresh.db.db, pino({ level: 'silent' }) as unknown as FastifyBaseLogger);
    const gone = randomUUID();
    records.event({ companyId: device.companyId, deviceId: device.id, kind: 'press', detail: { n: 1 } });
    records.event({ companyId: device.companyId, deviceId: gone, kind: 'press', detail: { n: 2 } });
    records.event({ companyId: device.companyId, deviceId: device.id, kind: 'ack', detail: { n: 3 } });
    await records.settled();
    const rows = await fresh.db.db
      .select()
      .from(deviceEvents)
      .where(eq(deviceEvents.deviceId, device.id))
      .orderBy(deviceEvents.at);
    expect(rows.map((r) => [r.kind, r.detail])).toEqual([
      ['press', { n: 1 }],
      ['ack', { n: 3 }],
    ]);
  });

  it('a step keeps what the device or a person wrote: quotes, backslashes and Chinese text', async () => {
    const records = new CallRecords(fresh.db.db, pino({ level: 'silent' }) as unknown as FastifyBaseLogger);
    const text = 'Table "7" \\ 靠窗 {a,b}';
    records.event({ companyId: device.companyId, deviceId: device.id, kind: 'alertSent', detail: { text } });
    await records.settled();
    const rows = await fresh.db.db.select().from(deviceEvents).where(eq(deviceEvents.kind, 'alertSent'));
    expect(rows.map((r) => r.detail)).toEqual([{ text }]);
  });
});
