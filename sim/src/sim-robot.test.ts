import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  connectionSchema,
  factsheetSchema,
  type StateMessage,
  stateSchema,
  visualizationSchema,
} from './messages.js';
import { SimRobot } from './sim-robot.js';
import { type Received, Recorder, startBroker, type TestBroker } from './test-support/broker.js';
import { buildGoToOrder } from './vehicle/index.js';

const base = 'uagv/v2/acme/R-1';
const schemas: Record<string, z.ZodType> = {
  connection: connectionSchema,
  state: stateSchema,
  visualization: visualizationSchema,
  factsheet: factsheetSchema,
};

const isState = (m: Received): m is Received & { json: StateMessage } => m.topic === `${base}/state`;
const connectionIs = (state: string) => (m: Received) =>
  m.topic === `${base}/connection` &&
  (m.json as { connectionState?: string } | null)?.connectionState === state;

describe('SimRobot against an MQTT broker', () => {
  let tb: TestBroker;
  let rec: Recorder;
  let robot: SimRobot;

  beforeAll(async () => {
    tb = await startBroker();
    rec = await Recorder.connect(tb.url, 'uagv/v2/#');
    robot = new SimRobot({
      url: tb.url,
      manufacturer: 'acme',
      serialNumber: 'R-1',
      password: 'secret',
      pose: { x: 1, y: 1, theta: 0, mapId: 'floor-1' },
      stateIntervalMs: 200,
      visualizationIntervalMs: 100,
      tickMs: 50,
      params: { errorProbabilityPerSecond: 0, speed: 2 },
    });
    await robot.start();
  });

  afterAll(async () => {
    await robot.stop();
    await rec.close();
    await tb.close();
  });

  it('logs in as {manufacturer}/{serialNumber} with its password', () => {
    expect(tb.logins).toContain('acme/R-1:secret');
  });

  it('announces itself with retained ONLINE connection and factsheet', async () => {
    const late = await Recorder.connect(tb.url, `${base}/+`);
    try {
      const online = await late.waitFor(connectionIs('ONLINE'), 'retained ONLINE');
      expect(online.retain).toBe(true);
      const factsheet = await late.waitFor((m) => m.topic === `${base}/factsheet`, 'retained factsheet');
      expect(factsheet.retain).toBe(true);
      expect(factsheetSchema.parse(factsheet.json).typeSpecification.agvKinematic).toBe('DIFF');
    } finally {
      await late.close();
    }
  });

  it('publishes state with agvPosition and visualization, headerIds counting per topic', async () => {
    await rec.waitFor(
      (m) => m.topic === `${base}/visualization` && (m.json as { headerId: number }).headerId >= 3,
      '4 visualizations',
    );
    const state = stateSchema.parse((await rec.waitFor(isState, 'a state')).json);
    expect(state).toMatchObject({
      version: '2.0.0',
      manufacturer: 'acme',
      serialNumber: 'R-1',
      operatingMode: 'AUTOMATIC',
    });
    expect(state.agvPosition).toMatchObject({ x: 1, y: 1, mapId: 'floor-1', positionInitialized: true });
    const vis = rec.messages
      .filter((m) => m.topic === `${base}/visualization`)
      .map((m) => visualizationSchema.parse(m.json));
    expect(vis.map((v) => v.headerId).slice(0, 4)).toEqual([0, 1, 2, 3]);
    expect(vis[0]?.agvPosition?.mapId).toBe('floor-1');
  });

  it('executes an order sent on its order topic and reports the final lastNodeId', async () => {
    const order = buildGoToOrder(
      'go-1',
      { x: 1, y: 1, theta: 0, mapId: 'floor-1' },
      { id: 'dock', x: 3, y: 1, theta: 0 },
    );
    await rec.client.publishAsync(`${base}/order`, JSON.stringify({ headerId: 0, ...order }), { qos: 1 });
    const accepted = await rec.waitFor(
      (m) => isState(m) && m.json.orderId === 'go-1',
      'the order in a state',
    );
    expect((accepted.json as StateMessage).nodeStates.length).toBeGreaterThan(0);
    const done = await rec.waitFor(
      (m) => isState(m) && m.json.orderId === 'go-1' && m.json.nodeStates.length === 0,
      'the order finished',
      8000,
    );
    const s = stateSchema.parse(done.json);
    expect(s).toMatchObject({ lastNodeId: 'dock', lastNodeSequenceId: 2, edgeStates: [], driving: false });
    expect(s.agvPosition?.x).toBeCloseTo(3, 2);
  });

  it('refuses a malformed order with a validationError', async () => {
    await rec.client.publishAsync(`${base}/order`, JSON.stringify({ orderId: 'bad' }), { qos: 1 });
    const s = await rec.waitFor(
      (m) => isState(m) && m.json.errors.some((e) => e.errorType === 'validationError'),
      'a validationError',
    );
    expect((s.json as StateMessage).orderId).toBe('go-1');
    expect((s.json as StateMessage).errors[0]).toMatchObject({
      errorDescription: 'orderUpdateId: Invalid input: expected number, received undefined',
      errorReferences: [{ referenceKey: 'topic', referenceValue: 'order' }],
    });
  });

  it('shows a startPause going WAITING → RUNNING → FINISHED, then paused', async () => {
    const action = {
      actionId: 'pause-1',
      actionType: 'startPause',
      blockingType: 'HARD',
      actionParameters: [],
    };
    await rec.client.publishAsync(
      `${base}/instantActions`,
      JSON.stringify({ headerId: 0, actions: [action] }),
      { qos: 1 },
    );
    const finished = await rec.waitFor(
      (m) =>
        isState(m) &&
        m.json.actionStates.some((a) => a.actionId === 'pause-1' && a.actionStatus === 'FINISHED'),
      'startPause FINISHED',
    );
    expect((finished.json as StateMessage).paused).toBe(true);
    const seen = rec.messages
      .filter(isState)
      .map((m) => m.json.actionStates.find((a) => a.actionId === 'pause-1')?.actionStatus)
      .filter((s) => s !== undefined);
    expect([...new Set(seen)]).toEqual(['WAITING', 'RUNNING', 'FINISHED']);
  });

  it('answers a factsheetRequest sent in the vda-5050-lib form ("instantActions")', async () => {
    const before = rec.messages.filter((m) => m.topic === `${base}/factsheet`).length;
    const action = { actionId: 'fs-1', actionType: 'factsheetRequest', blockingType: 'NONE' };
    await rec.client.publishAsync(`${base}/instantActions`, JSON.stringify({ instantActions: [action] }), {
      qos: 1,
    });
    await rec.waitFor(
      () => rec.messages.filter((m) => m.topic === `${base}/factsheet`).length > before,
      'a new factsheet',
    );
  });

  it('publishes only messages that validate', () => {
    expect(rec.messages.length).toBeGreaterThan(10);
    for (const m of rec.messages) {
      const sub = m.topic.split('/').at(-1) ?? '';
      const schema = schemas[sub];
      if (!schema) continue;
      const r = schema.safeParse(m.json);
      expect(r.success, `${m.topic}: ${r.error?.message}`).toBe(true);
    }
  });

  it('a killed socket makes the broker deliver the CONNECTIONBROKEN last will; the robot comes back ONLINE', async () => {
    const onlineBefore = rec.messages.filter(connectionIs('ONLINE')).length;
    tb.cut('acme-R-1');
    const will = await rec.waitFor(connectionIs('CONNECTIONBROKEN'), 'the last will');
    expect(connectionSchema.parse(will.json).serialNumber).toBe('R-1');
    await rec.waitFor(
      () => rec.messages.filter(connectionIs('ONLINE')).length > onlineBefore,
      'ONLINE again',
      8000,
    );
  });
});

describe('SimRobot stopping', () => {
  it.each([
    {
      how: 'stop() publishes retained OFFLINE and no last will',
      kill: false,
      expected: 'OFFLINE',
      absent: 'CONNECTIONBROKEN',
    },
    {
      how: 'kill() leaves the broker to publish CONNECTIONBROKEN',
      kill: true,
      expected: 'CONNECTIONBROKEN',
      absent: 'OFFLINE',
    },
  ])('$how', async ({ kill, expected, absent }) => {
    const tb = await startBroker();
    const rec = await Recorder.connect(tb.url, 'uagv/v2/#');
    const robot = new SimRobot({
      url: tb.url,
      manufacturer: 'acme',
      serialNumber: 'R-1',
      pose: { x: 0, y: 0, theta: 0, mapId: 'floor-1' },
    });
    try {
      await robot.start();
      await rec.waitFor(connectionIs('ONLINE'), 'ONLINE');
      if (kill) robot.kill();
      else await robot.stop();
      await rec.waitFor(connectionIs(expected), expected);
      await new Promise((r) => setTimeout(r, 300));
      expect(rec.messages.some(connectionIs(absent))).toBe(false);
      const late = await Recorder.connect(tb.url, `${base}/connection`);
      const retained = await late.waitFor(() => true, 'the retained connection');
      expect(retained).toMatchObject({ retain: true, json: { connectionState: expected } });
      await late.close();
    } finally {
      await robot.stop();
      await rec.close();
      await tb.close();
    }
  });
});
