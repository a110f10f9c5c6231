import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { state } from '../../test/fleet/vda-samples.js';
import { type DropReason, FleetIngest } from './ingest.js';
import { LiveStore } from './live-store.js';
import { applyRecords, RecordWriter } from './thread/telemetry-records.js';
import { WasmVdaReader, wasmVdaReader } from './vda/wasm-reader.js';

/**
 * Straight into the store, as the ingest's unit; or the way the server runs it, into the telemetry thread's
 * records, copied across as `postMessage` copies them, and applied to the store.
 */
type Path = 'store' | 'thread';
/** State and visualization read by the WebAssembly reader (as the server runs), or by JSON.parse alone. */
type Reader = 'wasm' | 'json';

function setup(path: Path, reader: Reader) {
  const store = new LiveStore();
  for (const serial of ['SIM-1', 'SIM-2']) {
    store.register({
      id: serial,
      companyId: 'acme',
      name: serial,
      manufacturer: 'fleetsim',
      serialNumber: serial,
      model: 'R1',
      buildingId: null,
      expectedIntervalMs: 5000,
    });
  }
  const dropped: DropReason[] = [];
  const accepted: string[] = [];
  // Slots as the main thread hands them out: a number per robot id.
  const slots = new Map<string, number>();
  const ids: string[] = [];
  const slotOf = (id: string) => {
    if (!store.identity(id)) return undefined;
    if (!slots.has(id)) slots.set(id, ids.push(id) - 1);
    return slots.get(id);
  };
  const writer = new RecordWriter(slotOf);
  const inner = new FleetIngest(
    store,
    path === 'store' ? store : writer,
    'uagv/v2',
    { accepted: (k) => accepted.push(k), dropped: (r) => dropped.push(r) },
    pino({ level: 'silent' }),
    reader === 'wasm' ? wasmVdaReader() : null,
  );
  const ingest = {
    handle(topic: string, payload: Buffer) {
      inner.handle(topic, payload);
      if (path === 'thread') {
        const batch = writer.take();
        applyRecords(
          store,
          structuredClone(batch, { transfer: [batch.nums.buffer as ArrayBuffer] }),
          (i) => ids[i],
        );
      }
    },
  };
  return { store, ingest, dropped, accepted };
}

const json = (v: unknown) => Buffer.from(JSON.stringify(v));

describe.each<[Path, Reader]>([
  ['store', 'wasm'],
  ['thread', 'wasm'],
  ['store', 'json'],
  ['thread', 'json'],
])('FleetIngest (%s, %s)', (path, reader) => {
  it('applies a valid state to its robot', () => {
    const { store, ingest, accepted } = setup(path, reader);
    ingest.handle('uagv/v2/fleetsim/SIM-1/state', json(state()));
    expect(accepted).toEqual(['state']);
    expect(store.get('SIM-1')?.connection).toBe('ONLINE');
  });

  it('follows registrations: a robot removed is unknown at once, one registered is heard at once', () => {
    const { store, ingest, dropped, accepted } = setup(path, reader);
    ingest.handle('uagv/v2/fleetsim/SIM-1/state', json(state()));
    store.unregister('SIM-1');
    ingest.handle('uagv/v2/fleetsim/SIM-1/state', json(state()));
    expect(dropped).toEqual(['unknown_robot']);
    ingest.handle('uagv/v2/fleetsim/SIM-9/state', json(state({ serialNumber: 'SIM-9' })));
    store.register({
      id: 'SIM-9',
      companyId: 'acme',
      name: 'SIM-9',
      manufacturer: 'fleetsim',
      serialNumber: 'SIM-9',
      model: 'R1',
      buildingId: null,
      expectedIntervalMs: 5000,
    });
    ingest.handle('uagv/v2/fleetsim/SIM-9/state', json(state({ serialNumber: 'SIM-9' })));
    expect(dropped).toEqual(['unknown_robot', 'unknown_robot']);
    expect(accepted).toEqual(['state', 'state']);
    expect(store.get('SIM-9')?.connection).toBe('ONLINE');
  });

  it('leaves out fields it does not read, and still drops a wrong type in one it reads', () => {
    const { store, ingest, dropped } = setup(path, reader);
    ingest.handle('uagv/v2/fleetsim/SIM-1/state', json({ ...state(), vendorExtra: { a: 1 } }));
    expect(store.get('SIM-1')?.connection).toBe('ONLINE');
    ingest.handle(
      'uagv/v2/fleetsim/SIM-2/state',
      json({ ...state({ serialNumber: 'SIM-2' }), driving: 'yes' }),
    );
    expect(dropped).toEqual(['invalid']);
  });

  it('follows a robot’s errors and actions as they change, repeat and come back', () => {
    const { store, ingest } = setup(path, reader);
    const blocked = { errorType: 'blocked', errorLevel: 'WARNING' as const };
    const lost = { errorType: 'lost', errorLevel: 'FATAL' as const };
    const pick = (actionStatus: 'RUNNING' | 'FINISHED') => ({
      actionId: 'a1',
      actionType: 'pick',
      actionStatus,
    });
    const steps = [
      { errors: [blocked], actionStates: [pick('RUNNING')] },
      { errors: [blocked], actionStates: [pick('RUNNING')] },
      { errors: [lost], actionStates: [pick('RUNNING')] },
      { errors: [lost], actionStates: [pick('FINISHED')] },
      { errors: [blocked], actionStates: [pick('FINISHED')] },
      { errors: [], actionStates: [] },
      { errors: [blocked], actionStates: [pick('RUNNING')] },
    ];
    for (const [i, step] of steps.entries()) {
      ingest.handle('uagv/v2/fleetsim/SIM-1/state', json(state({ headerId: i, ...step })));
      const robot = store.get('SIM-1');
      expect(robot?.errors, `step ${i}`).toEqual(step.errors);
      expect(robot?.actionStates, `step ${i}`).toEqual(step.actionStates);
    }
  });

  it('takes an empty payload as a deleted retained message: nothing applied, nothing dropped', () => {
    const { store, ingest, dropped, accepted } = setup(path, reader);
    ingest.handle('uagv/v2/fleetsim/SIM-1/connection', Buffer.alloc(0));
    ingest.handle('uagv/v2/fleetsim/SIM-1/factsheet', Buffer.alloc(0));
    expect(dropped).toEqual([]);
    expect(accepted).toEqual([]);
    expect(store.get('SIM-1')?.connection).toBeNull();
  });

  it('applies connection and visualization', () => {
    const { store, ingest } = setup(path, reader);
    const header = {
      headerId: 1,
      timestamp: 'now',
      version: '2.0.0',
      manufacturer: 'fleetsim',
      serialNumber: 'SIM-1',
    };
    ingest.handle('uagv/v2/fleetsim/SIM-1/connection', json({ ...header, connectionState: 'ONLINE' }));
    ingest.handle(
      'uagv/v2/fleetsim/SIM-1/visualization',
      json({ ...header, agvPosition: { x: 5, y: 6, theta: 0, mapId: 'f' }, velocity: { vx: 1 } }),
    );
    expect(store.get('SIM-1')).toMatchObject({
      connection: 'ONLINE',
      position: { x: 5, y: 6 },
      velocity: { vx: 1 },
    });
  });

  it.each<[string, string, Buffer, DropReason]>([
    ['a topic outside the interface', 'other/v2/fleetsim/SIM-1/state', json(state()), 'topic'],
    [
      'an unknown robot',
      'uagv/v2/fleetsim/SIM-9/state',
      json(state({ serialNumber: 'SIM-9' })),
      'unknown_robot',
    ],
    ['an oversized message', 'uagv/v2/fleetsim/SIM-1/state', Buffer.alloc(300 * 1024, 32), 'too_large'],
    ['text that is not JSON', 'uagv/v2/fleetsim/SIM-1/state', Buffer.from('{nope'), 'malformed'],
    [
      'an error description holding NUL (PostgreSQL cannot store it)',
      'uagv/v2/fleetsim/SIM-1/state',
      json({ ...state(), errors: [{ errorType: 'x', errorLevel: 'WARNING', errorDescription: 'a\u0000b' }] }),
      'malformed',
    ],
    [
      'an order id holding a lone surrogate',
      'uagv/v2/fleetsim/SIM-1/state',
      json({ ...state(), orderId: '\ud800' }),
      'malformed',
    ],
    [
      'a state with a wrong type',
      'uagv/v2/fleetsim/SIM-1/state',
      json({ ...state(), driving: 'yes' }),
      'invalid',
    ],
    [
      'a position that is not a number',
      'uagv/v2/fleetsim/SIM-1/state',
      json({ ...state(), agvPosition: { x: 'a' } }),
      'invalid',
    ],
    [
      'a robot speaking for another',
      'uagv/v2/fleetsim/SIM-1/state',
      json(state({ serialNumber: 'SIM-2' })),
      'mismatch',
    ],
  ])('drops %s', (_what, topic, payload, reason) => {
    const { store, ingest, dropped } = setup(path, reader);
    ingest.handle(topic, payload);
    expect(dropped).toEqual([reason]);
    expect(store.get('SIM-1')?.connection).toBeNull();
    expect(store.get('SIM-2')?.connection).toBeNull();
  });

  it('a bad message from one robot leaves the others undisturbed', () => {
    const { store, ingest } = setup(path, reader);
    ingest.handle(
      'uagv/v2/fleetsim/SIM-2/state',
      json(state({ serialNumber: 'SIM-2', batteryState: { batteryCharge: 40, charging: false } })),
    );
    ingest.handle('uagv/v2/fleetsim/SIM-1/state', Buffer.from('garbage'));
    ingest.handle(
      'uagv/v2/fleetsim/SIM-2/state',
      json(state({ serialNumber: 'SIM-2', batteryState: { batteryCharge: 39, charging: false } })),
    );
    expect(store.get('SIM-2')?.battery).toBe(39);
  });

  it('ignores the orders it sent itself', () => {
    const { ingest, dropped, accepted } = setup(path, reader);
    ingest.handle('uagv/v2/fleetsim/SIM-1/order', json({ orderId: 'x' }));
    expect([...dropped, ...accepted]).toEqual([]);
  });
});

describe('FleetIngest and the WebAssembly reader', () => {
  /** A reader that counts the states it is asked to read. */
  class CountingReader extends WasmVdaReader {
    asked = 0;
    override state(...args: Parameters<WasmVdaReader['state']>) {
      this.asked++;
      return super.state(...args);
    }
  }

  function ingestWith(reader: WasmVdaReader) {
    const store = new LiveStore();
    store.register({
      id: 'SIM-1',
      companyId: 'acme',
      name: 'SIM-1',
      manufacturer: 'fleetsim',
      serialNumber: 'SIM-1',
      model: 'R1',
      buildingId: null,
      expectedIntervalMs: 5000,
    });
    const accepted: string[] = [];
    const ingest = new FleetIngest(
      store,
      store,
      'uagv/v2',
      { accepted: (k) => accepted.push(k), dropped: () => {} },
      pino({ level: 'silent' }),
      reader,
    );
    return { store, ingest, accepted };
  }

  it('a robot whose states the reader keeps leaving to JSON.parse is mostly read by JSON.parse alone, and still taken in', () => {
    const reader = new CountingReader();
    const { store, ingest, accepted } = ingestWith(reader);
    // A key given twice: JSON.parse keeps the last, the reader leaves it to JSON.parse.
    const twice = (i: number) =>
      Buffer.from(JSON.stringify(state({ headerId: i })).replace('{', '{"driving":true,'));
    for (let i = 0; i < 200; i++) ingest.handle('uagv/v2/fleetsim/SIM-1/state', twice(i));
    expect(accepted).toHaveLength(200);
    // Eight tries, then one message in 64.
    expect(reader.asked).toBe(8 + 3);
    // The next one tried that it reads (within 64 messages) puts it back on the reader for every message.
    for (let i = 200; i < 264; i++)
      ingest.handle('uagv/v2/fleetsim/SIM-1/state', json(state({ headerId: i })));
    expect(reader.asked).toBe(8 + 3 + 1);
    ingest.handle('uagv/v2/fleetsim/SIM-1/state', json(state({ headerId: 264 })));
    ingest.handle('uagv/v2/fleetsim/SIM-1/state', json(state({ headerId: 265 })));
    expect(reader.asked).toBe(8 + 3 + 1 + 2);
    expect(accepted).toHaveLength(266);
    expect(store.get('SIM-1')?.connection).toBe('ONLINE');
  });
});

describe('FleetIngest routes', () => {
  const directory = {
    registrations: 1,
    idOf: (manufacturer: string, serial: string) =>
      manufacturer === 'fleetsim' && serial === 'SIM-1' ? 'robot-1' : undefined,
    slotOf: (id: string) => (id === 'robot-1' ? 7 : undefined),
  };

  it("hands the sink the robot's slot from the directory, so the batch need not look it up", () => {
    const slots: Array<number | undefined> = [];
    const sink = {
      applyConnection: (_id: string, _c: unknown, _at: number, slot?: number) => slots.push(slot),
      applyState: (_id: string, _s: unknown, _at: number, slot?: number) => slots.push(slot),
      applyVisualization: (_id: string, _p: unknown, _v: unknown, _at: number, slot?: number) =>
        slots.push(slot),
    };
    const ingest = new FleetIngest(
      directory,
      sink,
      'uagv/v2',
      { accepted: () => {}, dropped: () => {} },
      pino({ level: 'silent' }),
    );
    ingest.handle('uagv/v2/fleetsim/SIM-1/state', json(state()));
    expect(slots).toEqual([7]);
  });

  it("says which topics are a registered robot's telemetry (what the load-test login may publish)", () => {
    const ingest = new FleetIngest(
      directory,
      { applyConnection: () => {}, applyState: () => {}, applyVisualization: () => {} },
      'uagv/v2',
      { accepted: () => {}, dropped: () => {} },
      pino({ level: 'silent' }),
    );
    const telemetry = (topic: string) => ingest.isRobotTelemetry(topic);
    expect(telemetry('uagv/v2/fleetsim/SIM-1/visualization')).toBe(true);
    expect(telemetry('uagv/v2/fleetsim/SIM-1/connection')).toBe(true);
    // The same topic asked twice in a row (the check, then the message) gets the same answer.
    expect(telemetry('uagv/v2/fleetsim/SIM-1/connection')).toBe(true);
    expect(telemetry('uagv/v2/fleetsim/SIM-1/order')).toBe(false);
    expect(telemetry('uagv/v2/fleetsim/SIM-2/state')).toBe(false);
    expect(telemetry('uagv/v2/fleetsim/SIM-1')).toBe(false);
    expect(telemetry('other/fleetsim/SIM-1/state')).toBe(false);
  });
});
