import { type DeviceLiveView, LIVE_FLUSH_MS, LIVE_LIST_MOTION_MS, LIVE_TICK_MS } from '@fleet/contract';
import { decodeLiveFrame } from '@fleet/contract/live-frame';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { stateDigest } from '../../test/fleet/vda-samples.js';
import { LiveStore } from '../fleet/live-store.js';
import type { LiftFeed } from './lift-push.js';
import { type LiveCounters, LiveHub } from './live-hub.js';
import type { ViewFeed } from './view-push.js';

/** The part of a ws socket the hub uses, recording what it is sent. */
class FakeSocket {
  readonly OPEN = 1;
  readonly CONNECTING = 0;
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: { data: string | Buffer; binary: boolean | undefined }[] = [];
  closedWith: number | null = null;
  private readonly handlers = new Map<string, (raw: unknown) => void>();
  on(event: string, handler: (raw: unknown) => void) {
    this.handlers.set(event, handler);
  }
  send(data: string | Buffer, opts?: { binary?: boolean }) {
    this.sent.push({ data, binary: opts?.binary });
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  terminate() {}
  receive(message: unknown) {
    this.handlers.get('message')?.(JSON.stringify(message));
  }
  /** Decoded batches of changes, in order, with the robots' ids read back as their serial numbers. */
  batches(): { robots: { serialNumber: string; status: string }[]; moved: unknown[][]; removed: string[] }[] {
    return this.sent.flatMap((m) => {
      const message = decodeLiveFrame(m.data);
      if (message?.type !== 'changes') return [];
      return [
        {
          ...message,
          moved: message.moved.map(([id, ...rest]) => [serialOf(id), ...rest]),
          removed: message.removed.map(serialOf),
        },
      ];
    });
  }
}

/** Robots' ids are UUIDs (a motion record carries one); each test robot's is made from its serial number. */
const ids = new Map<string, string>();
const idOf = (serial: string) => {
  let id = ids.get(serial);
  if (!id) {
    id = `00000000-0000-4000-8000-${(ids.size + 1).toString(16).padStart(12, '0')}`;
    ids.set(serial, id);
  }
  return id;
};
const serialOf = (id: string) => [...ids].find(([, i]) => i === id)?.[0] ?? id;

const robot = (serial: string, companyId = 'acme') => ({
  id: idOf(serial),
  companyId,
  name: serial,
  manufacturer: 'fleetsim',
  serialNumber: serial,
  model: 'R1',
  buildingId: null,
  expectedIntervalMs: 5000,
});

describe('LiveHub batches', () => {
  let store: LiveStore;
  let hub: LiveHub;
  let counts: { batches: number; skipped: number; tooSlow: number };

  beforeEach(() => {
    vi.useFakeTimers();
    store = new LiveStore();
    for (const s of ['R-1', 'R-2', 'R-3']) store.register(robot(s));
    store.register(robot('OTHER-1', 'other'));
    counts = { batches: 0, skipped: 0, tooSlow: 0 };
    const counters: LiveCounters = {
      batch: () => counts.batches++,
      skipped: () => counts.skipped++,
      tooSlow: () => counts.tooSlow++,
    };
    hub = new LiveHub(
      store,
      async (token) => ({ companyId: token, mayRead: { lifts: true, devices: true } }),
      pino({ level: 'silent' }),
      counters,
    );
  });
  afterEach(() => {
    hub.close();
    vi.useRealTimers();
  });

  /** Tick times: each call is a whole LIVE_FLUSH_MS after the last, so every changed robot is due. */
  let clock = 1_000_000;
  const flush = (afterMs = LIVE_FLUSH_MS) => {
    clock += afterMs;
    hub.flush(clock);
  };

  /** A browser as the console subscribes: with the binary frame (the `filter` may ask for JSON instead). */
  async function browser(companyId: string, filter: Record<string, string> = {}) {
    const socket = new FakeSocket();
    hub.attach(socket as unknown as WebSocket);
    socket.receive({ type: 'subscribe', token: companyId, frames: 'binary', ...filter });
    await vi.waitFor(() => expect(socket.sent.length).toBe(1));
    return socket;
  }
  const move = (serial: string, mapId = 'floor-1', x = 1) =>
    store.applyState(
      idOf(serial),
      stateDigest({ serialNumber: serial, agvPosition: { x, y: 2, theta: 0, mapId } }),
      Date.now(),
    );

  /** The robot reports itself paused (a change of status), still on floor-1. */
  const pause = (serial: string) =>
    store.applyState(
      idOf(serial),
      stateDigest({
        serialNumber: serial,
        paused: true,
        agvPosition: { x: 3, y: 2, theta: 0, mapId: 'floor-1' },
      }),
      Date.now(),
    );

  it('browsers of one company and filter share one batch, built once and sent as the binary frame', async () => {
    const a = await browser('acme');
    const b = await browser('acme');
    const other = await browser('other');
    move('R-1');
    move('R-2');
    flush();
    const [fromA, fromB] = [a.sent[1], b.sent[1]];
    expect(fromA?.data).toBe(fromB?.data);
    expect(Buffer.isBuffer(fromA?.data)).toBe(true);
    expect(fromA?.binary).toBe(true);
    expect(a.batches()[0]?.robots.map((r) => r.serialNumber)).toEqual(['R-1', 'R-2']);
    expect(other.sent).toHaveLength(1);
    expect(counts.batches).toBe(2);
    flush();
    expect(a.sent).toHaveLength(2);
  });

  it('a browser that does not ask for the binary frame gets the same changes as JSON text, its motion as tuples', async () => {
    const binary = await browser('acme');
    const text = await browser('acme', { frames: 'json' });
    const unsaid = new FakeSocket();
    hub.attach(unsaid as unknown as WebSocket);
    unsaid.receive({ type: 'subscribe', token: 'acme' });
    await vi.waitFor(() => expect(unsaid.sent.length).toBe(1));
    move('R-1', 'floor-1', 1);
    pause('R-2');
    flush();
    move('R-1', 'floor-1', 2.5);
    flush();
    expect(binary.sent.map((m) => m.binary)).toEqual([undefined, true, true]);
    expect(text.sent.map((m) => m.binary)).toEqual([undefined, false, false]);
    expect(JSON.parse(String(text.sent[2]?.data)).moved[0]).toEqual([
      idOf('R-1'),
      2.5,
      2,
      0,
      null,
      null,
      null,
      80,
      Date.now(),
    ]);
    expect(text.batches()).toEqual(binary.batches());
    expect(unsaid.batches()).toEqual(text.batches());
    expect(counts.batches).toBe(6);
  });

  it('a browser with another filter gets its own batch', async () => {
    const all = await browser('acme');
    const floor = await browser('acme', { floorId: 'floor-2' });
    move('R-1', 'floor-1');
    move('R-2', 'floor-2');
    flush();
    expect(all.batches()[0]?.robots.map((r) => r.serialNumber)).toEqual(['R-1', 'R-2']);
    expect(floor.batches()[0]).toMatchObject({ robots: [{ serialNumber: 'R-2' }], removed: ['R-1'] });
  });

  it('a browser behind is skipped, then gets every robot that changed meanwhile; far behind, it is closed', async () => {
    const fast = await browser('acme');
    const slow = await browser('acme');
    slow.bufferedAmount = 5 * 1024 * 1024;
    move('R-1');
    flush();
    move('R-2');
    flush();
    expect(slow.batches()).toHaveLength(0);
    expect(fast.batches()).toHaveLength(2);
    expect(counts.skipped).toBe(2);
    slow.bufferedAmount = 0;
    move('R-3');
    flush();
    expect(
      slow
        .batches()[0]
        ?.robots.map((r) => r.serialNumber)
        .sort(),
    ).toEqual(['R-1', 'R-2', 'R-3']);
    expect(fast.batches()[2]?.robots.map((r) => r.serialNumber)).toEqual(['R-3']);
    slow.bufferedAmount = 40 * 1024 * 1024;
    move('R-1');
    flush();
    expect(slow.closedWith).toBe(4408);
    expect(counts.tooSlow).toBe(1);
  });

  it('a robot that only moved goes as a motion record; a change of status sends its whole record', async () => {
    const a = await browser('acme');
    move('R-1', 'floor-1', 1);
    flush();
    expect(a.batches()[0]?.robots.map((r) => r.serialNumber)).toEqual(['R-1']);
    move('R-1', 'floor-1', 12.34567);
    flush();
    const [moved] = a.batches()[1]?.moved ?? [];
    expect(a.batches()[1]?.robots).toEqual([]);
    // [id, x, y, theta, vx, vy, omega, battery, lastSeenAt]: to the millimetre.
    expect(moved?.slice(0, 4)).toEqual(['R-1', 12.346, 2, 0]);
    expect(moved?.[8]).toBe(Date.now());
    pause('R-1');
    flush();
    expect(a.batches()[2]).toMatchObject({ robots: [{ serialNumber: 'R-1', status: 'paused' }], moved: [] });
  });

  it('a robot moving to another floor sends its whole record', async () => {
    const a = await browser('acme');
    move('R-1', 'floor-1');
    flush();
    move('R-1', 'floor-2');
    flush();
    expect(a.batches()[1]).toMatchObject({ robots: [{ serialNumber: 'R-1' }], moved: [] });
  });

  it("a robot registered in a removed robot's place is sent as itself, and the removed one as removed", async () => {
    const a = await browser('acme');
    move('R-2');
    flush();
    store.unregister(idOf('R-2'));
    store.register(robot('R-9')); // takes R-2's place in the store
    move('R-9', 'floor-1', 5);
    flush();
    expect(a.batches()[1]).toMatchObject({ robots: [{ serialNumber: 'R-9' }], removed: ['R-2'] });
    move('R-9', 'floor-1', 6);
    flush();
    expect(a.batches()[2]?.moved?.map((m) => m.slice(0, 2))).toEqual([['R-9', 6]]);
  });

  it('a change goes at the next tick, and a robot goes about once per LIVE_FLUSH_MS however often it reports', async () => {
    const a = await browser('acme');
    // A robot reporting at every tick for two seconds.
    const sentAt: number[] = [];
    for (let tick = 1; tick <= 40; tick++) {
      move('R-1', 'floor-1', tick);
      const before = a.batches().length;
      flush(LIVE_TICK_MS);
      if (a.batches().length > before) sentAt.push(tick * LIVE_TICK_MS);
    }
    // The first change went at the next tick.
    expect(sentAt[0]).toBe(LIVE_TICK_MS);
    // ~5 a second (1000 / LIVE_FLUSH_MS), never more than 6 in any second.
    const inSecond = (from: number) => sentAt.filter((t) => t >= from && t < from + 1000).length;
    for (let from = 0; from <= 1000; from += LIVE_TICK_MS) expect(inSecond(from)).toBeLessThanOrEqual(6);
    expect(inSecond(1000)).toBe(1000 / LIVE_FLUSH_MS);
    // The latest position goes, not a stale one.
    const last = a
      .batches()
      .at(-1)
      ?.moved.find((m) => m[0] === 'R-1');
    expect(last?.[1]).toBe((sentAt.at(-1) ?? 0) / LIVE_TICK_MS);
  });

  it('a list subscription gets a robot’s motion once per LIVE_LIST_MOTION_MS and its other changes at once (LIVE-LIST-PACE)', async () => {
    const map = await browser('acme');
    const list = await browser('acme', { pace: 'list' });
    const motionsIn = (s: FakeSocket) => s.batches().flatMap((b) => b.moved.map((m) => m[1]));
    // R-1 moves at every tick (x = the tick) for five seconds; its first report is a change (it had no position).
    const ticks = (5000 / LIVE_TICK_MS) | 0;
    for (let tick = 1; tick <= ticks; tick++) {
      move('R-1', 'floor-1', tick);
      flush(LIVE_TICK_MS);
    }
    // The map's browser got ~5 a second; the list's one every LIVE_LIST_MOTION_MS, each the latest position.
    expect(motionsIn(map).length).toBeGreaterThanOrEqual(4 * 5);
    const listed = list.batches();
    expect(listed[0]?.robots.map((r) => r.serialNumber)).toEqual(['R-1']);
    const every = LIVE_LIST_MOTION_MS / LIVE_TICK_MS;
    expect(motionsIn(list)).toEqual([1 + every, 1 + 2 * every]);
    // A change of status goes at the next tick, at either pace.
    const before = listed.length;
    pause('R-1');
    flush(LIVE_TICK_MS);
    expect(list.batches()[before]).toMatchObject({ robots: [{ serialNumber: 'R-1', status: 'paused' }] });
    expect(map.batches().at(-1)).toMatchObject({ robots: [{ serialNumber: 'R-1', status: 'paused' }] });
  });

  it('refuses a subscription at a pace it does not know (4400), sending nothing', () => {
    const socket = new FakeSocket();
    hub.attach(socket as unknown as WebSocket);
    socket.receive({ type: 'subscribe', token: 'acme', pace: 'fast' });
    expect(socket.closedWith).toBe(4400);
    expect(socket.sent).toEqual([]);
  });

  it('refuses a subscription asking for frames it does not know (4400), sending nothing', () => {
    const socket = new FakeSocket();
    hub.attach(socket as unknown as WebSocket);
    socket.receive({ type: 'subscribe', token: 'acme', frames: 'protobuf' });
    expect(socket.closedWith).toBe(4400);
    expect(socket.sent).toEqual([]);
  });

  it('a change that came late does not hold back its robot’s next one', async () => {
    const a = await browser('acme');
    // R-1 reports every 250 ms; one report is 150 ms late and goes at the tick after it came.
    move('R-1', 'floor-1', 1);
    flush(LIVE_TICK_MS);
    flush(LIVE_TICK_MS * 4);
    move('R-1', 'floor-1', 2);
    flush(LIVE_TICK_MS);
    expect(
      a
        .batches()
        .at(-1)
        ?.moved.map((m) => m.slice(0, 2)),
    ).toEqual([['R-1', 2]]);
    // The next report comes on time, 100 ms later: it goes at the next tick, not a whole interval after.
    flush(LIVE_TICK_MS);
    move('R-1', 'floor-1', 3);
    flush(LIVE_TICK_MS);
    expect(
      a
        .batches()
        .at(-1)
        ?.moved.map((m) => m.slice(0, 2)),
    ).toEqual([['R-1', 3]]);
  });
});

describe('LiveHub streams', () => {
  const feed = {
    list: (companyId: string) => (companyId === 'acme' ? [{ id: 'lift-1', name: 'Car 1' }] : []),
    view: () => undefined,
    companyOf: () => undefined,
    reportTimes: () => [],
    busy: () => [],
    onChange: () => () => {},
  } as unknown as LiftFeed;
  const deviceFeed: ViewFeed<DeviceLiveView> = {
    list: (companyId) =>
      companyId === 'acme'
        ? [
            {
              id: 'device-1',
              live: { online: true, battery: 80, rssi: -60, lastSeenAt: null },
              openCall: null,
            },
          ]
        : [],
    view: () => undefined,
    companyOf: () => undefined,
    onChange: () => () => {},
  };
  let hub: LiveHub;
  beforeEach(() => {
    const store = new LiveStore();
    store.register(robot('R-1'));
    // The token names the company; "staff-" ones may not read lifts.
    hub = new LiveHub(
      store,
      async (token) => ({
        companyId: token.replace('staff-', ''),
        mayRead: { lifts: !token.startsWith('staff-'), devices: !token.startsWith('staff-') },
      }),
      pino({ level: 'silent' }),
      undefined,
      { lifts: feed, devices: deviceFeed },
    );
  });
  afterEach(() => hub.close());

  async function subscribe(message: Record<string, unknown>, expected: number) {
    const socket = new FakeSocket();
    hub.attach(socket as unknown as WebSocket);
    socket.receive({ type: 'subscribe', ...message });
    await vi.waitFor(() => expect(socket.sent.length).toBe(expected));
    // Snapshots, lifts and devices go as JSON text frames.
    return socket.sent.map((m) => JSON.parse(String(m.data)));
  }

  it('follows robots only unless asked', async () => {
    const [first] = await subscribe({ token: 'acme' }, 1);
    expect(first.type).toBe('snapshot');
  });

  it('follows lifts alone, or lifts and robots, each with its snapshot', async () => {
    const lifts = await subscribe({ token: 'acme', streams: ['lifts'] }, 1);
    expect(lifts.map((m) => m.type)).toEqual(['liftSnapshot']);
    expect(lifts[0].lifts).toEqual([{ id: 'lift-1', name: 'Car 1' }]);
    const both = await subscribe({ token: 'acme', streams: ['robots', 'lifts'] }, 2);
    expect(both.map((m) => m.type)).toEqual(['snapshot', 'liftSnapshot']);
  });

  it('refuses lifts without lifts.read and keeps the robots coming (LIFTS-LIVE-PUSH)', async () => {
    const messages = await subscribe({ token: 'staff-acme', streams: ['robots', 'lifts'] }, 2);
    expect(messages.map((m) => m.type)).toEqual(['snapshot', 'error']);
    expect(messages[1]).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('follows devices with devices.read, and refuses them without it, the robots going on (DEVICES-LIVE)', async () => {
    const devices = await subscribe({ token: 'acme', streams: ['devices'] }, 1);
    expect(devices.map((m) => m.type)).toEqual(['deviceSnapshot']);
    expect(devices[0].devices.map((d: { id: string }) => d.id)).toEqual(['device-1']);
    const refused = await subscribe({ token: 'staff-acme', streams: ['robots', 'devices'] }, 2);
    expect(refused.map((m) => m.type)).toEqual(['snapshot', 'error']);
    expect(refused[1]).toMatchObject({ code: 'FORBIDDEN', info: 'following devices needs devices.read' });
  });
});
