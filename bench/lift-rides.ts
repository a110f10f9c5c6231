/**
 * Ride orchestration (issue 14): robots riding a lift between Acme Tower's lobby and floor 12 in the simulator,
 * against the real server. Reports, as medians and p95 over the rides: call → doors open at the robot's floor,
 * board → exit (robot in the car until it has left it on the other floor), and the whole go-to (the command sent
 * until it is finished), each beside the simulated lift's own physical time, so what the console adds shows.
 *
 *   npx tsx bench/lift-rides.ts
 *
 * Env: BENCH_RIDES (12), BENCH_ROBOTS (3), BENCH_FLOOR_TRAVEL_S (12: the car's time from the lobby to floor 12),
 * BENCH_DOOR_S (2). PGlite on a temporary DATA_DIR; the server is a child process with the demo seeded and its own
 * simulated fleet off (DEMO_FLEET=false), so only the benchmark's robots and lift move.
 * Writes bench/results/lift-rides.json.
 */

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { api, type LiftEvent } from '@fleet/contract';
import { SimLift, SimLiftGateway, SimRobot } from '@fleet/sim';
import { acmeTower, must, runBench, sleep, startDemoServer, until } from './support/bench-api.js';
import { median, percentile, positiveInt, round } from './support/stats.js';

const root = path.resolve(import.meta.dirname, '..');
const RIDES = positiveInt('BENCH_RIDES', 12);
const ROBOTS = positiveInt('BENCH_ROBOTS', 3);
const TRAVEL_S = positiveInt('BENCH_FLOOR_TRAVEL_S', 12);
const DOOR_S = positiveInt('BENCH_DOOR_S', 2);
const UP = Math.PI / 2;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fc-bench-lifts-'));
  const stops: Array<() => Promise<unknown>> = [];
  try {
    const server = await startDemoServer({ root, dataDir });
    stops.push(server.stop);
    const { call } = server;
    const { token, tower, floorAt } = await acmeTower(call);
    const lobby = floorAt(0);
    const floor12 = floorAt(12);
    // Only the benchmark's lift: the demo's own cars have no gateway here.
    for (const b of await call(api.listLiftBanks, token, { query: { buildingId: tower.id } }))
      await call(api.removeLiftBank, token, { params: { id: b.id } });
    const { gateway, credentials } = await call(api.registerLiftGateway, token, { body: { name: 'Bench' } });
    const bank = await call(api.createLiftBank, token, {
      body: { buildingId: tower.id, name: 'Bench core', vendor: 'simulated', gatewayId: gateway.id },
    });
    const lift = await call(api.createLift, token, {
      body: {
        bankId: bank.id,
        name: 'Bench lift',
        gatewayLiftName: 'A',
        doorSides: ['front'],
        servedFloorIds: [lobby, floor12],
        landings: [
          {
            floorId: lobby,
            side: 'front',
            floorCode: '0',
            outside: { x: 27.75, y: 29.5, theta: UP },
            inside: { x: 27.75, y: 33, theta: -UP },
          },
          {
            floorId: floor12,
            side: 'front',
            floorCode: '12',
            outside: { x: 27.75, y: 14.8, theta: -UP },
            inside: { x: 27.75, y: 18, theta: -UP },
          },
        ],
      },
    });
    const car = new SimLift('A', ['0', '12'], { floorTravelS: TRAVEL_S, doorS: DOOR_S, humanDwellS: 5 });
    const sim = new SimLiftGateway({
      url: server.mqttUrl,
      gatewayId: gateway.id,
      password: credentials.password,
      lifts: [car],
    });
    await sim.start();
    stops.push(() => sim.stop());
    await until(
      'the lift',
      async () =>
        (await call(api.listLiveLifts, token)).find(
          (l: { id: string; report: unknown }) => l.id === lift.id && l.report,
        ),
      20_000,
    );
    const test = await call(api.testLiftCall, token, { params: { id: lift.id }, body: { floorCode: '0' } });
    if (!test.passed) throw new Error(`test call failed: ${test.reason}`);
    await call(api.setLiftEnabled, token, { params: { id: lift.id }, body: { enabled: true } });

    const stationsOf = async (floorId: string) =>
      (await call(api.listStations, token, { params: { id: floorId } })).filter(
        (s: { charger: boolean }) => !s.charger,
      );
    const targets = { [lobby]: await stationsOf(lobby), [floor12]: await stationsOf(floor12) };
    const robots: Array<{ id: string; floor: string }> = [];
    for (let i = 0; i < ROBOTS; i++) {
      const made = await call(api.registerRobot, token, {
        body: {
          name: `Bench courier ${i + 1}`,
          manufacturer: 'bench',
          serialNumber: `LR-${i + 1}`,
          model: 'Courier',
          buildingId: tower.id,
        },
      });
      const robot = new SimRobot({
        url: server.mqttUrl,
        manufacturer: 'bench',
        serialNumber: `LR-${i + 1}`,
        password: made.credentials.password,
        pose: { x: 20 + i * 4, y: 10.5, theta: UP, mapId: lobby },
        params: { speed: 1.2, errorProbabilityPerSecond: 0 },
      });
      await robot.start();
      stops.push(() => robot.stop());
      robots.push({ id: made.robot.id, floor: lobby });
    }
    await sleep(2000);

    const whole: number[] = [];
    let done = 0;
    // Each robot rides in turn to a station on the other floor; several robots queue for the one car.
    await Promise.all(
      robots.map(async (r, i) => {
        for (let n = i; n < RIDES; n += ROBOTS) {
          const other = r.floor === lobby ? floor12 : lobby;
          const list = targets[other] ?? [];
          const station = must(list[n % list.length], 'station on the other floor');
          const sent = Date.now();
          const command = await call(api.sendCommand, token, {
            params: { id: r.id },
            body: { type: 'goTo', stationId: station.id },
          });
          const finished = await until(
            'a ride',
            async () => {
              const c = (await call(api.listCommands, token, { params: { id: r.id } })).find(
                (x: { id: string }) => x.id === command.id,
              );
              return c && c.status !== 'running' ? c : undefined;
            },
            600_000,
          );
          if (finished.status !== 'finished') throw new Error(`ride failed: ${finished.detail}`);
          whole.push(Date.now() - sent);
          r.floor = other;
          done++;
          process.stderr.write(`  ride ${done}/${RIDES}: ${round((Date.now() - sent) / 1000, 1)} s\n`);
        }
      }),
    );

    // The lift log gives each step of each ride.
    const events: LiftEvent[] = [];
    for (let page = 1; ; page++) {
      const p = await call(api.liftEvents, token, { params: { id: lift.id }, query: { page } });
      events.push(...p.list);
      if (!p.hasMore) break;
    }
    const callToDoors = events
      .map((e) => (e.kind === 'arrival' ? e.detail.waitedMs : undefined))
      .filter((ms): ms is number => typeof ms === 'number');
    const boardToExit: number[] = [];
    for (const b of events.filter((e) => e.kind === 'boarded')) {
      const exit = events.find((e) => e.kind === 'exited' && e.sessionId === b.sessionId);
      if (exit) boardToExit.push(Date.parse(exit.at) - Date.parse(b.at));
    }
    const stat = (v: number[]) => ({
      n: v.length,
      median: round(median(v) / 1000, 1),
      p95: round(percentile(v, 95) / 1000, 1),
    });
    const result = {
      at: new Date().toISOString(),
      settings: { rides: RIDES, robots: ROBOTS, floorTravelS: TRAVEL_S, doorS: DOOR_S, robotSpeed: 1.2 },
      physics: {
        callToDoorsS: `${DOOR_S} (car waiting at the floor) to ${TRAVEL_S + 2 * DOOR_S} (car at the other floor, doors open)`,
        boardToExitS: `${TRAVEL_S + 2 * DOOR_S} plus the robot's drive out of the car`,
      },
      callToDoorsOpen: stat(callToDoors),
      boardToExit: stat(boardToExit),
      wholeGoTo: stat(whole),
      load: os.loadavg().map((l) => round(l, 2)),
    };
    await mkdir(path.join(root, 'bench/results'), { recursive: true });
    await writeFile(path.join(root, 'bench/results/lift-rides.json'), `${JSON.stringify(result, null, 2)}\n`);
    process.stdout.write(
      [
        `| step (s) | median | p95 | rides |`,
        `|---|---|---|---|`,
        `| call → doors open at the robot's floor | ${result.callToDoorsOpen.median} | ${result.callToDoorsOpen.p95} | ${result.callToDoorsOpen.n} |`,
        `| board → exit | ${result.boardToExit.median} | ${result.boardToExit.p95} | ${result.boardToExit.n} |`,
        `| whole multi-floor go-to | ${result.wholeGoTo.median} | ${result.wholeGoTo.p95} | ${result.wholeGoTo.n} |`,
        `load average ${result.load.join(', ')}`,
      ].join('\n'),
    );
    process.stdout.write('\n');
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
