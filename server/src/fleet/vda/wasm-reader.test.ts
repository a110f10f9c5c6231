import { readFileSync } from 'node:fs';
import {
  acceptOrder,
  buildGoToOrder,
  createRng,
  createVehicle,
  defaultVehicleParams,
  MessageEncoder,
  stepVehicle,
} from '@fleet/sim';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script of the build, without types
import { compileReaderModule, MODULE_PATH } from '../../../wasm/build.mjs';
import { readState } from './read-state.js';
import { readVisualization } from './read-visualization.js';
import {
  STATE_PATHS,
  STATE_VALUES,
  stateSample,
  VISUALIZATION_PATHS,
  VISUALIZATION_VALUES,
  visualizationSample,
  withValue,
} from './schema-cases.fixture.js';
import { digestState } from './state-digest.js';
import { TopicMemory, topicIdentity, WasmVdaReader } from './wasm-reader.js';

const reader = new WasmVdaReader();
const TOPIC = 'uagv/v2/fleetsim/SIM-1/state';
const who = topicIdentity('uagv/v2', 'fleetsim', 'SIM-1');

/** What the slow way makes of a message: JSON.parse, the hand-written check, the robot named by its topic. */
function slowState(bytes: Buffer) {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  const m = readState(json);
  return m && m.manufacturer === 'fleetsim' && m.serialNumber === 'SIM-1' ? digestState(m) : null;
}

function slowVisualization(bytes: Buffer) {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  const m = readVisualization(json);
  if (m?.manufacturer !== 'fleetsim' || m.serialNumber !== 'SIM-1') return null;
  const p = m.agvPosition;
  const v = m.velocity;
  return {
    position: p ? { x: p.x, y: p.y, theta: p.theta, mapId: p.mapId } : null,
    velocity: v ? { vx: v.vx ?? 0, vy: v.vy ?? 0, omega: v.omega ?? 0 } : null,
  };
}

function fastVisualization(bytes: Buffer) {
  if (!reader.visualization(bytes, TOPIC, who)) return null;
  return {
    position: reader.hasPosition ? { ...reader.position } : null,
    velocity: reader.hasVelocity ? { ...reader.velocity } : null,
  };
}

/**
 * The rule the reader lives by: what it reads is exactly what the slow way reads (numbers to the bit, -0
 * included: toEqual tells -0 from 0), and what it is not sure of it leaves to the slow way.
 */
function agreesOnState(bytes: Buffer): 'fast' | 'slow' {
  const fast = reader.state(bytes, TOPIC, who, new TopicMemory());
  if (fast === null) return 'slow';
  expect(fast, bytes.toString()).toEqual(slowState(bytes));
  return 'fast';
}

function agreesOnVisualization(bytes: Buffer): 'fast' | 'slow' {
  const fast = fastVisualization(bytes);
  if (fast === null) return 'slow';
  expect(fast, bytes.toString()).toEqual(slowVisualization(bytes));
  return 'fast';
}

const text = (v: unknown) => Buffer.from(JSON.stringify(v));

describe('WasmVdaReader', () => {
  it('the committed WebAssembly module is the one vda-reader.ts compiles to', async () => {
    expect(readFileSync(MODULE_PATH, 'utf8')).toBe(await compileReaderModule());
  }, 60_000);

  it('reads the simulator’s states and visualizations, all of them, as JSON.parse does', () => {
    const encoder = new MessageEncoder({ manufacturer: 'fleetsim', serialNumber: 'SIM-1' });
    const v = createVehicle({ x: 3.25, y: -1.5, theta: 0.5, mapId: 'floor-1' }, 63.2);
    const params = { ...defaultVehicleParams, errorProbabilityPerSecond: 0.2 };
    const rng = createRng(7);
    acceptOrder(v, buildGoToOrder('order-1', v.pose, { id: 's1', x: 40, y: 12.5, theta: 1 }));
    const ways = { fast: 0, slow: 0 };
    for (let i = 0; i < 400; i++) {
      stepVehicle(v, 0.25, params, rng);
      const ts = new Date(1_790_000_000_000 + i * 250).toISOString();
      ways[agreesOnState(Buffer.from(encoder.state(i, ts, v)))]++;
      ways[agreesOnVisualization(Buffer.from(encoder.visualization(i, ts, v)))]++;
    }
    expect(ways).toEqual({ fast: 800, slow: 0 });
  });

  it('agrees with the schema on every field of a state missing, mistyped or out of range', () => {
    const ways = { fast: 0, slow: 0 };
    for (const path of STATE_PATHS)
      for (const value of STATE_VALUES) {
        const bytes = text(withValue(stateSample(), path, value));
        const way = agreesOnState(bytes);
        ways[way]++;
        // Every message the schema takes, it reads.
        if (slowState(bytes)) expect(way, `${path} = ${String(value)}`).toBe('fast');
      }
    expect(ways.fast).toBeGreaterThan(STATE_PATHS.length * 3);
  });

  it('agrees with the schema on every field of a visualization missing, mistyped or out of range', () => {
    let fast = 0;
    for (const path of VISUALIZATION_PATHS)
      for (const value of VISUALIZATION_VALUES) {
        const bytes = text(withValue(visualizationSample(), path, value));
        const way = agreesOnVisualization(bytes);
        if (way === 'fast') fast++;
        if (slowVisualization(bytes)) expect(way, `${path} = ${String(value)}`).toBe('fast');
      }
    expect(fast).toBeGreaterThan(VISUALIZATION_PATHS.length * 2);
  });

  it('reads every finite number as JSON.parse does: exactly on its fast path, with Number() past it', () => {
    const withX = (n: string) =>
      Buffer.from(
        `{"headerId":1,"timestamp":"t","version":"2","manufacturer":"fleetsim","serialNumber":"SIM-1","agvPosition":{"x":${n},"y":0,"theta":0,"mapId":"m"}}`,
      );
    fc.assert(
      fc.property(
        // Any double as JSON.stringify writes it (up to 17 digits), and the short decimals robots send.
        fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.integer().map((n) => n / 1000),
        ),
        fc.oneof(
          fc.double({ noNaN: true }),
          fc.integer({ min: -5000, max: 5000 }).map((n) => n / 100),
        ),
        (x, vx) => {
          const bytes = text({
            ...visualizationSample(),
            agvPosition: { x, y: 1, theta: 0, mapId: 'm' },
            velocity: { vx },
          });
          // JSON.stringify writes infinities as null, which the schema refuses.
          expect(agreesOnVisualization(bytes)).toBe(Number.isFinite(vx) ? 'fast' : 'slow');
        },
      ),
      { numRuns: 3000 },
    );
    // Numbers as other writers write them: long, padded, with exponents of any size.
    const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.nat({ max: 9 }),
        fc.option(digits),
        fc.option(
          fc.tuple(
            fc.constantFrom('e', 'E'),
            fc.constantFrom('', '+', '-'),
            fc.integer({ min: 0, max: 400 }),
          ),
        ),
        digits,
        (minus, lead, fraction, exponent, rest) => {
          const n = `${minus ? '-' : ''}${lead === 0 ? '0' : `${lead}${rest}`}${fraction === null ? '' : `.${fraction}`}${exponent ? exponent.join('') : ''}`;
          expect(agreesOnVisualization(withX(n)), n).toBe(Number.isFinite(JSON.parse(n)) ? 'fast' : 'slow');
        },
      ),
      { numRuns: 5000 },
    );
    for (const n of [
      '0',
      '-0',
      '-0.0',
      '12.345',
      '1E2',
      '1e-7',
      '-3.5e+3',
      '1e22',
      '1e-22',
      '1e23',
      '1e-400',
      '1e308',
    ])
      expect(agreesOnVisualization(withX(n)), n).toBe('fast');
    for (const n of ['1e309', '1e400', '-1e400', `1${'0'.repeat(400)}`])
      expect(agreesOnVisualization(withX(n)), n).toBe('slow');
  });

  it('agrees with JSON.parse on arbitrary text, whitespace and extra fields', () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(
        fc.record({
          mapId: fc.string({ unit: 'binary', maxLength: 12 }),
          orderId: fc.string({ unit: 'grapheme', maxLength: 8 }),
          extra: json,
          errorType: fc.string({ maxLength: 6 }),
          indent: fc.constantFrom(0, 1, 2, '\t', ' \r\n'),
        }),
        ({ mapId, orderId, extra, errorType, indent }) => {
          const base = stateSample();
          const state = {
            ...base,
            orderId,
            extra,
            agvPosition: { x: 1.25, y: 2, theta: -0.5, mapId },
            errors: [{ errorType, errorLevel: 'WARNING' }],
          };
          agreesOnState(Buffer.from(JSON.stringify(state, null, indent)));
          agreesOnVisualization(
            Buffer.from(
              JSON.stringify(
                { ...visualizationSample(), extra, agvPosition: state.agvPosition },
                null,
                indent,
              ),
            ),
          );
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('reads a text right whatever its length and wherever its escape or wide character falls (16 bytes at a time)', () => {
    const specials = ['"', '\\', '\u00e9', 'é', '😀', '/', '\n'];
    for (let length = 0; length <= 40; length++)
      for (let at = 0; at <= length; at++)
        for (const special of specials) {
          const orderId = `${'o'.repeat(at)}${special}${'x'.repeat(length - at)}`;
          const bytes = text({ ...stateSample(), orderId });
          expect(agreesOnState(bytes), orderId).toBe('fast');
          expect(reader.state(bytes, TOPIC, who, new TopicMemory())?.orderId).toBe(orderId);
        }
    // A raw control character anywhere is not JSON: left to JSON.parse, which refuses it.
    for (let at = 0; at <= 33; at++) {
      const raw = Buffer.from(
        JSON.stringify({ ...stateSample(), orderId: `${'o'.repeat(at)}#${'x'.repeat(33 - at)}` }),
      );
      raw[raw.indexOf('#'.charCodeAt(0))] = 0x09;
      expect(reader.state(raw, TOPIC, who, new TopicMemory())).toBeNull();
      expect(slowState(raw)).toBeNull();
    }
  });

  it('leaves to JSON.parse what it cannot read to the letter, and refuses nothing itself', () => {
    const sample = JSON.stringify(visualizationSample());
    const cases: Array<[string, string]> = [
      [
        'a key twice (JSON.parse keeps the last)',
        sample.replace('"headerId":7', '"headerId":7,"headerId":8'),
      ],
      ['a key written with an escape', sample.replace('"headerId"', '"header\\u0049d"')],
      ['a robot named with an escape', sample.replace('"fleetsim"', '"fleet\\u0073im"')],
      ['an escape that reads as NUL', sample.replace('"floor-1"', '"floor\\u0000"')],
      ['a lone high surrogate', sample.replace('"floor-1"', '"floor\\ud800"')],
      ['a lone low surrogate', sample.replace('"floor-1"', '"floor\\udc00x"')],
      ['a high surrogate before a letter', sample.replace('"floor-1"', '"\\ud800\\u0041"')],
      ['a NUL in a field passed over', sample.replace('"anything":true', '"anything":"\\u0000"')],
      ['an escape JSON does not have', sample.replace('"floor-1"', '"floor\\x41"')],
      ['a short unicode escape', sample.replace('"floor-1"', '"floor\\u41"')],
      ['text after the message', `${sample} x`],
      ['a second message', `${sample}${sample}`],
      ['a trailing comma', sample.replace(/}$/, ',}')],
      ['a raw NUL', sample.replace('"floor-1"', '"floor\u00001"')],
      ['a raw tab in a string', sample.replace('"floor-1"', '"floor\t1"')],
      [
        'nesting deeper than the reader goes',
        sample.replace('"anything":true', `"anything":${'['.repeat(100)}${']'.repeat(100)}`),
      ],
      ['an empty message', ''],
      ['not an object', '[1]'],
      ['the wrong robot', sample.replace('"SIM-1"', '"SIM-2"')],
      ['a byte-order mark', `\ufeff${sample}`],
    ];
    for (const [what, message] of cases)
      expect(agreesOnVisualization(Buffer.from(message)), what).toBe('slow');
    // Escapes JSON has, a surrogate pair among them, are read as JSON.parse reads them.
    for (const mapId of ['"fl\\"oor\\\\\\/\\b\\f\\n\\r\\t"', '"\\u4e00\\u697C"', '"\\ud83d\\ude00 up"'])
      expect(agreesOnVisualization(Buffer.from(sample.replace('"floor-1"', mapId))), mapId).toBe('fast');
    expect(
      fastVisualization(Buffer.from(sample.replace('"floor-1"', '"\\u4e00\\u697C"')))?.position?.mapId,
    ).toBe('一楼');
    // Whitespace, unknown fields of every kind and text in any script are read.
    const wide = `\r\n {\t"vendor" : [ null , true , false , -1.5e3 , { "a" : [ ] } , "日本" ] ,${sample.slice(1)} \n`;
    expect(agreesOnVisualization(Buffer.from(wide))).toBe('fast');
    expect(agreesOnVisualization(Buffer.from(sample.replace('"floor-1"', '"一楼"')))).toBe('fast');
    expect(fastVisualization(Buffer.from(sample.replace('"floor-1"', '"一楼"')))?.position?.mapId).toBe(
      '一楼',
    );
    // Broken UTF-8 reads as JSON.parse reads it after Node's decoding: U+FFFD.
    const broken = Buffer.concat([
      Buffer.from(sample.split('floor-1')[0] ?? ''),
      Buffer.from([0xff, 0xc3]),
      Buffer.from(sample.split('floor-1')[1] ?? ''),
    ]);
    expect(agreesOnVisualization(broken)).toBe('fast');
  });

  it('reads texts right however many there are: more than it shares, and the same ones again', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => `order-${i.toString(36)}-${'x'.repeat(i % 70)}`);
    for (const round of [1, 2])
      for (const orderId of ids) {
        const digest = reader.state(text({ ...stateSample(), orderId }), TOPIC, who, new TopicMemory());
        expect(digest?.orderId, `round ${round}`).toBe(orderId);
      }
  });

  it('keeps a topic’s error and action lists while their bytes repeat, and reads them anew when they change', () => {
    const memory = new TopicMemory();
    const withErrors = (errorType: string, mapId: string) =>
      text({
        ...stateSample(),
        agvPosition: { x: 0, y: 0, theta: 0, mapId },
        errors: [{ errorType, errorLevel: 'FATAL' }],
      });
    const first = reader.state(withErrors('blocked', 'floor-1'), TOPIC, who, memory);
    const again = reader.state(withErrors('blocked', 'floor-1'), TOPIC, who, memory);
    expect(again?.errors).toBe(first?.errors);
    expect(again?.actionStates).toBe(first?.actionStates);
    const changed = reader.state(withErrors('lost', 'floor-2'), TOPIC, who, memory);
    expect(changed?.errors).toEqual([{ errorType: 'lost', errorLevel: 'FATAL' }]);
    expect(changed?.position?.mapId).toBe('floor-2');
    expect(changed?.actionStates).toBe(first?.actionStates);
    // A list the schema refuses is left to the slow way, which drops the message; the last good one stays held.
    const loud = Buffer.from(withErrors('lost', 'floor-2').toString().replace('"FATAL"', '"LOUD"'));
    expect(reader.state(loud, TOPIC, who, memory)).toBeNull();
    expect(slowState(loud)).toBeNull();
    expect(reader.state(withErrors('lost', 'floor-2'), TOPIC, who, memory)?.errors).toBe(changed?.errors);
  });
});
