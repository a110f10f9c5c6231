import { LIVE_CLOSE, LIVE_FLUSH_MS, LIVE_TICK_MS, type LiveServerMessage } from '@fleet/contract';
import { decodeLiveFrame } from '@fleet/contract/live-frame';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { companies, robots, users } from '../../src/db/schema/index.js';
import { DEMO_ROBOTS } from '../../src/demo/demo-robots.js';
import { identityOf } from '../../src/fleet/identity-of.js';
import { robotTopic } from '../../src/fleet/vda/topics.js';
import { eventually } from '../fleet/fleet-helpers.js';
import { state } from '../fleet/vda-samples.js';
import { buildTestApp, call, login, type TestApp } from '../helper.js';

let t: TestApp;
let base: string;
const ids: Record<string, string> = {};

async function addRobot(company: string, serialNumber: string) {
  const [c] = await t.directory.db.select().from(companies).where(eq(companies.name, company));
  const [row] = await t.regional.db
    .insert(robots)
    .values({
      companyId: c?.id ?? '',
      name: serialNumber,
      manufacturer: 'fleetsim',
      serialNumber,
      model: 'R1',
    })
    .returning();
  if (!row) throw new Error('robot');
  t.app.fleet.store.register(identityOf(row));
  ids[serialNumber] = row.id;
}

const publishState = (serialNumber: string, battery: number) =>
  t.app.fleet.bus.publish(
    robotTopic(t.app.fleet.prefix, 'fleetsim', serialNumber, 'state'),
    JSON.stringify(
      state({
        manufacturer: 'fleetsim',
        serialNumber,
        batteryState: { batteryCharge: battery, charging: false },
      }),
    ),
    { qos: 0 },
  );

/** A browser's live view as the console subscribes (the binary frame): every message it received, decoded. */
async function browser(token: string, extra: Record<string, string> = {}) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/live`);
  const messages: LiveServerMessage[] = [];
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('message', (raw) => {
    const m = decodeLiveFrame(raw as Buffer);
    if (m) messages.push(m);
  });
  await new Promise((resolve) => socket.on('open', resolve));
  socket.send(JSON.stringify({ type: 'subscribe', token, frames: 'binary', ...extra }));
  return { socket, messages, closed };
}

beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await addRobot('Acme Robotics', 'ACME-1');
  await addRobot('Acme Robotics', 'ACME-2');
  await addRobot('Solo Café', 'SOLO-1');
});
afterAll(() => t.close());

const ACME_DEMO_SERIALS = DEMO_ROBOTS.flatMap((r, i) =>
  r.building.startsWith('Acme') ? [`DEMO-${String(i + 1).padStart(4, '0')}`] : [],
);

describe('live push over /live', () => {
  it('sends a snapshot of the company’s robots, then their changes, never another company’s robot', async () => {
    const view = await browser(await login(t.app, 'owner@acme.test'));
    const snapshot = await eventually('snapshot', () => view.messages.find((m) => m.type === 'snapshot'));
    // Acme's two robots and the demo's eight of Acme; not Solo's robot nor the demo's Solo waiters.
    expect(snapshot.type === 'snapshot' && snapshot.robots.map((r) => r.serialNumber).sort()).toEqual([
      'ACME-1',
      'ACME-2',
      ...ACME_DEMO_SERIALS,
    ]);

    await publishState('SOLO-1', 11);
    await publishState('ACME-1', 42);
    const change = await eventually('change', () =>
      view.messages.find((m) => m.type === 'changes' && m.robots.some((r) => r.serialNumber === 'ACME-1')),
    );
    expect(change.type === 'changes' && change.robots.find((r) => r.serialNumber === 'ACME-1')?.battery).toBe(
      42,
    );
    await new Promise((r) => setTimeout(r, 400));
    const everything = JSON.stringify(view.messages);
    expect(everything).not.toContain('SOLO-1');
    expect(everything).not.toContain(ids['SOLO-1']);
    view.socket.close();
  });

  it('coalesces: many changes of one robot within a tick arrive as one', async () => {
    const view = await browser(await login(t.app, 'admin@acme.test'));
    await eventually('snapshot', () => view.messages.length > 0);
    // ACME-2's battery in each batch that carries it: in its whole record, or in a motion tuple (index 7) when
    // nothing but its battery, position or time heard from changed since it was last sent.
    const batchesOfAcme2 = () =>
      view.messages.flatMap((m) => {
        if (m.type !== 'changes') return [];
        const whole = m.robots.find((r) => r.serialNumber === 'ACME-2');
        const moved = m.moved.find((tuple) => tuple[0] === ids['ACME-2']);
        const at = Date.parse(m.at);
        return whole ? [{ battery: whole.battery, at }] : moved ? [{ battery: moved[7], at }] : [];
      });
    // A state every ~20 ms for over half a second: several ticks' worth, so pacing (not one tick) coalesces them.
    for (let i = 0; i < 30; i++) {
      await publishState('ACME-2', 50 + (i % 10));
      await new Promise((r) => setTimeout(r, 20));
    }
    // The last state arrives (however busy the machine), in far fewer batches than states: the robot goes at most
    // once per LIVE_FLUSH_MS, with one tick's leeway (AHEAD_MS in live-hub.ts: a robot whose change came late
    // may go up to LIVE_FLUSH_MS + LIVE_TICK_MS / 2 early). Measured on the server's tick times the batches
    // carry, not on this side's clock: how the states were spread on their way does not matter.
    await eventually('the last state', () => batchesOfAcme2().at(-1)?.battery === 59);
    const sent = batchesOfAcme2().map((b) => b.at);
    expect(sent.length).toBeLessThan(30);
    for (let i = 0; i < sent.length; i++)
      for (let j = i + 1; j < sent.length; j++)
        expect((sent[j] as number) - (sent[i] as number)).toBeGreaterThanOrEqual(
          (j - i) * LIVE_FLUSH_MS - LIVE_FLUSH_MS - LIVE_TICK_MS / 2,
        );
    view.socket.close();
  });

  it('a floor filter sends only the robots on that floor', async () => {
    await t.app.fleet.bus.publish(
      robotTopic(t.app.fleet.prefix, 'fleetsim', 'ACME-1', 'state'),
      JSON.stringify(
        state({
          manufacturer: 'fleetsim',
          serialNumber: 'ACME-1',
          agvPosition: { x: 0, y: 0, theta: 0, mapId: 'floor-9' },
        }),
      ),
      { qos: 0 },
    );
    await eventually(
      'moved',
      () => t.app.fleet.store.get(ids['ACME-1'] ?? '')?.position?.mapId === 'floor-9',
    );
    const view = await browser(await login(t.app, 'owner@acme.test'), { floorId: 'floor-9' });
    const snapshot = await eventually('snapshot', () => view.messages.find((m) => m.type === 'snapshot'));
    expect(snapshot.type === 'snapshot' && snapshot.robots.map((r) => r.serialNumber)).toEqual(['ACME-1']);
    view.socket.close();
  });

  it('closes the live view of a person removed from the company at once, not at the next minute’s recheck', async () => {
    const staff = await login(t.app, 'staff@acme.test');
    const view = await browser(staff);
    await eventually('snapshot', () => view.messages.find((m) => m.type === 'snapshot'));
    const owner = await login(t.app, 'owner@acme.test');
    const [who] = await t.directory.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'staff@acme.test'));
    const removed = await call(t.app, 'removePerson', { token: owner, body: { id: who?.id ?? '' } });
    expect(removed.status).toBe(200);
    const started = Date.now();
    expect(await view.closed).toBe(LIVE_CLOSE.unauthorized);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses a browser without a valid session', async () => {
    const view = await browser('not-a-token');
    expect(await view.closed).toBe(LIVE_CLOSE.unauthorized);
    expect(view.messages.filter((m) => m.type === 'snapshot')).toEqual([]);
  });

  it('refuses a message it does not understand', async () => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/live`);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve) => socket.on('open', resolve));
    socket.send('{"type":"gimme-everything"}');
    expect(await closed).toBe(LIVE_CLOSE.badMessage);
  });
});
