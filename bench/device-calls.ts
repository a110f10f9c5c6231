/**
 * Calls from mini devices (issue 15): call buttons pressed in Acme Tower's lobby and robots answering them in the
 * simulator, against the real server. Reports, over the calls, press → robot assigned and press → robot arrived,
 * each timed at the device (the press published until the console's `callState` reaches it over MQTT), and the
 * straight-line drive each call needed at the robots' speed, so what the console adds to the drive shows.
 *
 *   npx tsx bench/device-calls.ts
 *
 * Env: BENCH_CALLS (60), BENCH_DEVICES (6, one at each of the lobby's first stations, pressed in turn),
 * BENCH_CONCURRENT (3: calls open at once; each press waits for a free device and comes after the previous call
 * of its loop is done, so a robot is always free and the figure is the console's, not a queue's),
 * BENCH_ROBOTS (5). PGlite on a temporary DATA_DIR; the server is a
 * child process with the demo seeded and its own simulated fleet off (DEMO_FLEET=false), so only the benchmark's
 * robots and devices move. Writes bench/results/device-calls.json.
 */

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { api } from '@fleet/contract';
import type { DeviceCommand } from '@fleet/contract/devices-link';
import { SimDevice, SimRobot } from '@fleet/sim';
import { acmeTower, must, runBench, sleep, startDemoServer } from './support/bench-api.js';
import { median, percentile, positiveInt, round } from './support/stats.js';

const root = path.resolve(import.meta.dirname, '..');
const CALLS = positiveInt('BENCH_CALLS', 60);
const DEVICES = positiveInt('BENCH_DEVICES', 6);
const CONCURRENT = positiveInt('BENCH_CONCURRENT', 3);
const ROBOTS = positiveInt('BENCH_ROBOTS', 5);
const SPEED = 1.2;
const UP = Math.PI / 2;

type CallState = Extract<DeviceCommand, { type: 'callState' }>;

/** Resolves with the first callState of the device's call that reaches `state`, or one that ends it otherwise. */
function nextState(
  device: SimDevice,
  states: ReadonlyArray<CallState['state']>,
  ms: number,
): Promise<CallState> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`${device.name}: no ${states.join(' / ')} within ${ms} ms`));
    }, ms);
    const off = device.onCommand((c) => {
      if (c.type !== 'callState' || !states.includes(c.state)) return;
      clearTimeout(timer);
      off();
      resolve(c);
    });
  });
}

async function main(): Promise<void> {
  if (DEVICES <= CONCURRENT) throw new Error('BENCH_DEVICES must be more than BENCH_CONCURRENT');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fc-bench-calls-'));
  const stops: Array<() => Promise<unknown>> = [];
  try {
    const server = await startDemoServer({ root, dataDir });
    stops.push(server.stop);
    const { call } = server;
    const { token, tower, floorAt } = await acmeTower(call);
    const lobby = floorAt(0);
    const stations = (await call(api.listStations, token, { params: { id: lobby } })).filter(
      (s) => !s.charger,
    );
    if (stations.length < DEVICES)
      throw new Error(`the lobby has ${stations.length} stations, fewer than devices`);

    const url = server.mqttUrl;
    for (let i = 0; i < ROBOTS; i++) {
      const serialNumber = `DC-${i + 1}`;
      const made = await call(api.registerRobot, token, {
        body: {
          name: `Bench runner ${i + 1}`,
          manufacturer: 'bench',
          serialNumber,
          model: 'Runner',
          buildingId: tower.id,
        },
      });
      const robot = new SimRobot({
        url,
        manufacturer: 'bench',
        serialNumber,
        password: made.credentials.password,
        pose: { x: 20 + i * 3, y: 10.5, theta: UP, mapId: lobby },
        params: { speed: SPEED, errorProbabilityPerSecond: 0 },
      });
      await robot.start();
      stops.push(() => robot.stop());
    }
    const devices: Array<{ sim: SimDevice; point: { x: number; y: number } }> = [];
    for (let i = 0; i < DEVICES; i++) {
      const station = must(stations[i], 'station');
      const name = `BENCH-CALL-${i + 1}`;
      const made = await call(api.registerMiniDevice, token, {
        body: { name, label: `Bench table ${i + 1}`, type: 'callButton', model: 'CB-200' },
      });
      const point = { x: station.x, y: station.y };
      await call(api.bindMiniBuilding, token, {
        body: { deviceId: made.device.id, buildingId: tower.id, floorId: lobby, point },
      });
      const sim = new SimDevice({ url, name, password: made.credentials.password, battery: 90, seed: i + 1 });
      await sim.start();
      stops.push(() => sim.stop());
      devices.push({ sim, point });
    }
    await sleep(3000);

    const assigned: number[] = [];
    const arrived: number[] = [];
    const drive: number[] = [];
    const beyond: number[] = [];
    let started = 0;
    const busy = new Set<number>();
    let next = 0;
    /** The next device in turn with no open call: consecutive calls come from different places. */
    const take = (): number => {
      for (;;) {
        const i = next++ % devices.length;
        if (!busy.has(i)) {
          busy.add(i);
          return i;
        }
      }
    };
    await Promise.all(
      Array.from({ length: CONCURRENT }, async () => {
        while (started < CALLS) {
          started++;
          const index = take();
          const { sim, point } = must(devices[index], 'device');
          const toAssigned = nextState(sim, ['assigned', 'failed', 'expired', 'cancelled'], 30_000);
          const toArrived = nextState(sim, ['arrived', 'failed', 'expired', 'cancelled'], 300_000);
          toArrived.catch(() => {});
          const t0 = performance.now();
          await sim.press();
          const acked = performance.now() - t0;
          const a = await toAssigned;
          if (a.state !== 'assigned') throw new Error(`${sim.name}: call ${a.state} before a robot took it`);
          const a0 = performance.now() - t0;
          assigned.push(a0);
          const robot = (await call(api.listRobots, token, { query: { buildingId: tower.id } })).find(
            (x) => x.name === a.robotName,
          );
          const straight = robot?.position
            ? (Math.hypot(robot.position.x - point.x, robot.position.y - point.y) / SPEED) * 1000
            : null;
          const r = await toArrived;
          if (r.state !== 'arrived') throw new Error(`${sim.name}: call ${r.state} before the robot arrived`);
          const a1 = performance.now() - t0;
          arrived.push(a1);
          if (straight !== null) {
            drive.push(straight);
            beyond.push(a1 - straight);
          }
          const done = nextState(sim, ['done', 'failed'], 30_000);
          await sim.ack();
          await done;
          busy.delete(index);
          process.stderr.write(
            `  call ${arrived.length}/${CALLS} ${sim.name}: press acked ${round(acked)} ms, assigned ${round(a0)} ms, arrived ${round(a1)} ms\n`,
          );
        }
      }),
    );

    const ms = (v: number[]) => ({
      n: v.length,
      median: round(median(v)),
      p95: round(percentile(v, 95)),
      p99: round(percentile(v, 99)),
      max: round(Math.max(...v)),
    });
    const result = {
      at: new Date().toISOString(),
      settings: { calls: CALLS, devices: DEVICES, concurrent: CONCURRENT, robots: ROBOTS, robotSpeed: SPEED },
      pressToAssignedMs: ms(assigned),
      pressToArrivedMs: ms(arrived),
      /** The straight line from the robot's place when assigned to the device, at its speed: the drive's floor. */
      straightDriveMs: ms(drive),
      /** Press → arrived less the straight drive: the path's detours, starting and stopping, and the console. */
      arrivedBeyondStraightDriveMs: ms(beyond),
      load: os.loadavg().map((l) => round(l, 2)),
    };
    await mkdir(path.join(root, 'bench/results'), { recursive: true });
    await writeFile(
      path.join(root, 'bench/results/device-calls.json'),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
