import { localDateOf } from '@fleet/contract';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { robotTasks } from '../../src/db/schema/index.js';
import { eventually } from '../fleet/fleet-helpers.js';
import { state } from '../fleet/vda-samples.js';
import { buildTestApp, call, login, type TestApp } from '../helper.js';

/*
 * ANALYSIS-FACTS: a cleaning robot reports its work in plain VDA 5050 — its order carries a `clean` action whose
 * resultDescription says the areas (docs/protocols.md) — and /analysis counts it: a cleaning task with the area
 * cleaned and planned, the cleaned area, coverage and area per hour.
 */

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner@acme.test');
});
afterAll(() => t.close());

describe('a cleaning robot over MQTT', () => {
  it("its clean order becomes a cleaning task with the areas it reported, and the day's figures count them", async () => {
    const reg = await call(t.app, 'registerRobot', {
      token: owner,
      body: { name: 'Scrubber live', manufacturer: 'cleanco', serialNumber: 'CL-1', model: 'S1' },
    });
    expect(reg.status, reg.body.info).toBe(200);
    const { robot, credentials } = reg.body.data;
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.app.fleet.broker?.port}`, {
      username: `cleanco/CL-1`,
      password: credentials.password,
      reconnectPeriod: 0,
    });
    const topic = 'uagv/v2/cleanco/CL-1/state';
    let header = 0;
    const report = async (nodes: number, status: 'RUNNING' | 'FINISHED', resultDescription?: string) => {
      const message = state({
        headerId: ++header,
        manufacturer: 'cleanco',
        serialNumber: 'CL-1',
        orderId: 'clean-lobby-1',
        nodeStates: Array.from({ length: nodes }, (_, i) => ({ nodeId: `n${i}`, sequenceId: i * 2 })),
        driving: nodes > 0,
        agvPosition: { x: nodes, y: 0, theta: 0, mapId: 'floor-1' },
        actionStates: [
          {
            actionId: 'c1',
            actionType: 'clean',
            actionStatus: status,
            ...(resultDescription ? { resultDescription } : {}),
          },
        ],
      });
      await client.publishAsync(topic, JSON.stringify(message), { qos: 1 });
      await eventually('state heard', () => {
        const live = t.app.fleet.store.facts(robot.id);
        return live?.openNodes === nodes && live.actionStates[0]?.resultDescription === resultDescription;
      });
    };
    await report(3, 'RUNNING');
    await report(2, 'RUNNING', 'cleanedAreaM2=40 plannedAreaM2=150');
    await report(0, 'FINISHED', 'cleanedAreaM2=135 plannedAreaM2=150');
    await client.endAsync();

    const task = await eventually('task recorded', async () => {
      await t.app.fleet.history.flush();
      const [row] = await t.regional.db.select().from(robotTasks).where(eq(robotTasks.robotId, robot.id));
      return row;
    });
    expect(task).toMatchObject({
      orderId: 'clean-lobby-1',
      type: 'clean',
      result: 'completed',
      cleanedAreaM2: 135,
      plannedAreaM2: 150,
    });

    await t.app.analysis.run();
    // A robot in no building counts its days in UTC.
    const today = localDateOf(task.endedAt.getTime(), 'UTC');
    const res = await call(t.app, 'analysisSummary', {
      token: owner,
      body: { from: today, to: today, robotIds: [robot.id], granularity: 'day', compare: false },
    });
    expect(res.status, res.body.info).toBe(200);
    const v = Object.fromEntries(res.body.data.cards.map((c) => [c.id, c.value]));
    expect(v.cleanedArea).toBe(135);
    expect(v.coverage).toBeCloseTo(0.9, 9);
    expect(v.areaPerHour).toBeGreaterThan(0);
  });
});
