/**
 * The telemetry thread's reading of robot messages, alone: CPU per message of `FleetIngest.handle` into the
 * thread's `RecordWriter`, with the WebAssembly reader (as the server runs) against JSON.parse alone, in one
 * process, alternating rounds so both see the same machine. The messages are the simulator's own (its encoder
 * and vehicles, driving orders), `BENCH_ROBOTS` robots' second of traffic each (a state and two
 * visualizations), replayed robot after robot as a broker would hand them over; a batch is taken every 300
 * messages, as the thread did every 10 ms at 30,000 a second (every 20 ms since session 32: the figures of record
 * were measured this way). The broker, the main thread and the browsers
 * are left out: `telemetry.ts` measures those, with their noise; this measures the one change in isolation.
 *
 *   npx tsx bench/ingest-read.ts        knobs: BENCH_ROBOTS (10000), BENCH_ROUNDS (6), BENCH_REPLAYS (10),
 *                                       BENCH_ONLY (json or wasm: one side alone, e.g. for a CPU profile)
 */
import {
  acceptOrder,
  buildGoToOrder,
  createRng,
  createVehicle,
  defaultVehicleParams,
  MessageEncoder,
  stepVehicle,
} from '@fleet/sim';
import pino from 'pino';
import { FleetIngest } from '../server/src/fleet/ingest.js';
import { RouteTable } from '../server/src/fleet/thread/route-table.js';
import { RecordWriter } from '../server/src/fleet/thread/telemetry-records.js';
import { wasmVdaReader } from '../server/src/fleet/vda/wasm-reader.js';
import { median } from './support/stats.js';

const ROBOTS = Number(process.env.BENCH_ROBOTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const REPLAYS = Number(process.env.BENCH_REPLAYS ?? 10);
const ONLY = process.env.BENCH_ONLY;
const PREFIX = 'uagv/v2';

/** Each robot's second: a state and two visualizations, as the simulator writes them. */
function traffic(): Array<{ topic: string; payload: Buffer }> {
  const rng = createRng(42);
  const out: Array<{ topic: string; payload: Buffer }> = [];
  for (let i = 0; i < ROBOTS; i++) {
    const serialNumber = `SIM-${String(i).padStart(5, '0')}`;
    const encoder = new MessageEncoder({ manufacturer: 'fleetsim', serialNumber });
    const v = createVehicle(
      { x: rng() * 80, y: rng() * 40, theta: rng() * 3, mapId: `floor-${i % 12}` },
      40 + rng() * 60,
    );
    if (i % 3 !== 0)
      acceptOrder(v, buildGoToOrder(`order-${i}`, v.pose, { id: 's', x: rng() * 80, y: rng() * 40 }));
    stepVehicle(v, 0.5, defaultVehicleParams, rng);
    const ts = new Date(1_790_000_000_000 + i).toISOString();
    const topic = (kind: string) => `${PREFIX}/fleetsim/${serialNumber}/${kind}`;
    out.push({ topic: topic('state'), payload: Buffer.from(encoder.state(i, ts, v)) });
    out.push({ topic: topic('visualization'), payload: Buffer.from(encoder.visualization(i, ts, v)) });
    stepVehicle(v, 0.25, defaultVehicleParams, rng);
    out.push({ topic: topic('visualization'), payload: Buffer.from(encoder.visualization(i + 1, ts, v)) });
  }
  return out;
}

function ingestWith(wasm: boolean) {
  const routes = new RouteTable(
    Array.from({ length: ROBOTS }, (_, i) => ({
      id: `robot-${i}`,
      manufacturer: 'fleetsim',
      serialNumber: `SIM-${String(i).padStart(5, '0')}`,
      slot: i,
    })),
  );
  const writer = new RecordWriter((id) => routes.slotOf(id));
  let accepted = 0;
  let dropped = 0;
  const ingest = new FleetIngest(
    routes,
    writer,
    PREFIX,
    { accepted: () => accepted++, dropped: () => dropped++ },
    pino({ level: 'silent' }),
    wasm ? wasmVdaReader() : null,
  );
  return { ingest, writer, counts: () => ({ accepted, dropped }) };
}

/** µs of CPU per message over REPLAYS replays of the traffic; the ingest is new each round (its routes cold). */
function round(messages: ReturnType<typeof traffic>, wasm: boolean): number {
  const { ingest, writer, counts } = ingestWith(wasm);
  // One replay to learn the routes and lists, as a running server has.
  for (const m of messages) ingest.handle(m.topic, m.payload, 0);
  writer.take();
  const start = process.cpuUsage();
  let sinceTake = 0;
  for (let r = 0; r < REPLAYS; r++)
    for (const m of messages) {
      ingest.handle(m.topic, m.payload, 0);
      if (++sinceTake === 300) {
        writer.take();
        sinceTake = 0;
      }
    }
  const used = process.cpuUsage(start);
  const { accepted, dropped } = counts();
  if (dropped > 0 || accepted !== messages.length * (REPLAYS + 1))
    throw new Error(
      `the ingest took ${accepted} and dropped ${dropped} of ${messages.length * (REPLAYS + 1)}`,
    );
  return (used.user + used.system) / (messages.length * REPLAYS);
}

const messages = traffic();
const bytes = messages.reduce((n, m) => n + m.payload.length, 0);
console.log(
  `${ROBOTS.toLocaleString('en')} robots, ${messages.length.toLocaleString('en')} messages a replay ` +
    `(${Math.round(bytes / messages.length)} bytes on average), ${REPLAYS} replays a round, ${ROUNDS} rounds each way`,
);
const json: number[] = [];
const wasm: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  // Alternating which goes first, so neither always follows the other's garbage.
  const order = (i % 2 === 0 ? [false, true] : [true, false]).filter(
    (useWasm) => !ONLY || ONLY === (useWasm ? 'wasm' : 'json'),
  );
  for (const useWasm of order) (useWasm ? wasm : json).push(round(messages, useWasm));
  console.log(
    `round ${i + 1}: JSON.parse ${json.at(-1)?.toFixed(2)} µs, WebAssembly ${wasm.at(-1)?.toFixed(2)} µs a message`,
  );
}
const j = median(json);
const w = median(wasm);
if (ONLY)
  console.log(
    `median: ${ONLY === 'wasm' ? `WebAssembly ${w.toFixed(2)}` : `JSON.parse ${j.toFixed(2)}`} µs a message`,
  );
else
  console.log(
    `median: JSON.parse ${j.toFixed(2)} µs, WebAssembly ${w.toFixed(2)} µs a message: ${(w / j).toFixed(2)} ×`,
  );
