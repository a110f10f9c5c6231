import { afterEach, describe, expect, it } from 'vitest';
import { Fleet, type FleetOptions } from './fleet.js';
import { connectionSchema, type StateMessage, stateSchema, visualizationSchema } from './messages.js';
import { type Received, Recorder, startBroker, type TestBroker } from './test-support/broker.js';

const maps: FleetOptions['maps'] = [
  { mapId: 'floor-a', bounds: { minX: 0, minY: 0, maxX: 20, maxY: 10 } },
  { mapId: 'floor-b', bounds: { minX: 0, minY: 0, maxX: 20, maxY: 10 } },
];

const topicOf = (m: Received) => m.topic.split('/');
const serialsWith = (messages: Received[], sub: string, match: (json: never) => boolean = () => true) =>
  new Set(messages.filter((m) => topicOf(m)[4] === sub && match(m.json as never)).map((m) => topicOf(m)[3]));

describe('Fleet', () => {
  let tb: TestBroker;
  let rec: Recorder;
  let fleet: Fleet | undefined;

  afterEach(async () => {
    await fleet?.stop();
    fleet = undefined;
    await rec.close();
    await tb.close();
  });

  it.each([
    { mode: 'one connection per robot', sharedConnections: 0, robots: 3 },
    { mode: 'shared connections (load mode)', sharedConnections: 2, robots: 20 },
  ])(
    '$mode: every robot comes online, reports, wanders and goes offline',
    async ({ sharedConnections, robots }) => {
      tb = await startBroker();
      rec = await Recorder.connect(tb.url, 'uagv/v2/#');
      fleet = new Fleet({
        url: tb.url,
        robots,
        manufacturer: 'acme',
        serialPrefix: 'T-',
        password: 'pw',
        maps,
        stateIntervalMs: 200,
        visualizationIntervalMs: 100,
        tickMs: 50,
        wanderDwellS: [0.1, 0.3],
        sharedConnections,
        seed: 3,
      });
      await fleet.start();
      const all = new Set(fleet.robots.map((r) => r.serialNumber));
      expect(all.size).toBe(robots);
      await rec.waitFor(
        () => serialsWith(rec.messages, 'state', (s: StateMessage) => s.driving).size === robots,
        'every robot driving',
        8000,
      );
      expect(serialsWith(rec.messages, 'connection')).toEqual(all);
      expect(serialsWith(rec.messages, 'factsheet')).toEqual(all);
      const floors = new Set(
        rec.messages
          .filter((m) => topicOf(m)[4] === 'state')
          .map((m) => (m.json as StateMessage).agvPosition?.mapId),
      );
      expect(floors).toEqual(new Set(['floor-a', 'floor-b']));
      for (const m of rec.messages) {
        if (topicOf(m)[4] === 'state') stateSchema.parse(m.json);
        if (topicOf(m)[4] === 'visualization') visualizationSchema.parse(m.json);
      }
      expect(fleet.stats.sent.state).toBeGreaterThanOrEqual(robots);

      await fleet.stop();
      fleet = undefined;
      await rec.waitFor(
        () =>
          serialsWith(
            rec.messages,
            'connection',
            (c) => connectionSchema.parse(c).connectionState === 'OFFLINE',
          ).size === robots,
        'every robot OFFLINE',
      );
    },
  );

  it('shared connections route each order to its robot', async () => {
    tb = await startBroker();
    rec = await Recorder.connect(tb.url, 'uagv/v2/#');
    fleet = new Fleet({
      url: tb.url,
      robots: 5,
      manufacturer: 'acme',
      maps,
      tickMs: 50,
      wander: false,
      sharedConnections: 2,
    });
    await fleet.start();
    const target = fleet.robots[3];
    if (!target) throw new Error('no robot');
    const p = target.vehicle.pose;
    const order = {
      orderId: 'o-3',
      orderUpdateId: 0,
      nodes: [
        {
          nodeId: 'x',
          sequenceId: 0,
          released: true,
          nodePosition: { x: p.x, y: p.y, mapId: p.mapId },
          actions: [],
        },
      ],
      edges: [],
    };
    await rec.client.publishAsync(`uagv/v2/acme/${target.serialNumber}/order`, JSON.stringify(order), {
      qos: 1,
    });
    await rec.waitFor(
      (m) =>
        m.topic === `uagv/v2/acme/${target.serialNumber}/state` &&
        (m.json as StateMessage).lastNodeId === 'x',
      'the order done',
    );
    expect(fleet.robots.filter((r) => r.vehicle.orderId === 'o-3')).toEqual([target]);
  });

  it('steps one slice of the fleet per tick, so its messages are spread over the interval', async () => {
    tb = await startBroker();
    rec = await Recorder.connect(tb.url, 'uagv/v2/#');
    const sends: { slice: number; at: number }[] = [];
    fleet = new Fleet({
      url: tb.url,
      robots: 6,
      manufacturer: 'acme',
      serialPrefix: 'S-',
      maps,
      visualizationIntervalMs: 60,
      tickMs: 60,
      slices: 3,
      wander: false,
      sharedConnections: 1,
      onPublish: (robot, sub) => {
        const index = fleet?.robots.indexOf(robot) ?? -1;
        if (sub === 'visualization') sends.push({ slice: index % 3, at: performance.now() });
      },
    });
    await fleet.start();
    await rec.waitFor(() => sends.length >= 36, 'six messages a robot', 5000);
    // Messages within 3 ms of each other come from one tick: each tick's come from one slice only, and
    // every slice has its own ticks.
    const ticks: { slice: number; at: number }[][] = [];
    for (const m of sends) {
      const last = ticks.at(-1);
      if (last && m.at - (last[0]?.at ?? 0) < 3) last.push(m);
      else ticks.push([m]);
    }
    for (const tick of ticks) expect(new Set(tick.map((m) => m.slice)).size).toBe(1);
    expect(new Set(ticks.map((t) => t[0]?.slice))).toEqual(new Set([0, 1, 2]));
  });

  it('clearRetained leaves no retained messages behind', async () => {
    tb = await startBroker();
    rec = await Recorder.connect(tb.url, 'uagv/v2/#');
    fleet = new Fleet({ url: tb.url, robots: 3, maps, wander: false, sharedConnections: 1 });
    await fleet.start();
    await fleet.stop({ clearRetained: true });
    fleet = undefined;
    const late = await Recorder.connect(tb.url, 'uagv/v2/#');
    await new Promise((r) => setTimeout(r, 300));
    expect(late.messages.filter((m) => m.retain)).toEqual([]);
    await late.close();
  });
});
