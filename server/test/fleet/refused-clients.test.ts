import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { eventually, fleetWithOneRobot, ROBOT } from './fleet-helpers.js';
import { state } from './vda-samples.js';

const username = `${ROBOT.manufacturer}/${ROBOT.serialNumber}`;

async function refusedCount(
  metrics: Awaited<ReturnType<typeof fleetWithOneRobot>>['metrics'],
  reason: string,
) {
  const m = await metrics.getSingleMetric('fleet_mqtt_refused_total')?.get();
  return m?.values.find((v) => v.labels.reason === reason)?.value ?? 0;
}

describe('the embedded broker refuses what is not a registered robot on its own topics', async () => {
  const ctx = await fleetWithOneRobot();

  it.each([
    ['a wrong password', { username, password: 'wrong' }],
    ['an unknown robot', { username: 'nobody/X-1', password: 'x' }],
    ['no credentials', {}],
  ])('refuses %s and counts it', async (_what, creds) => {
    const before = await refusedCount(ctx.metrics, 'credentials');
    await expect(
      mqtt.connectAsync(ctx.brokerUrl, { ...creds, reconnectPeriod: 0, connectTimeout: 3000 }),
    ).rejects.toThrow();
    // Counted by the telemetry thread and handed over with its next batch: within a turn of its loop.
    const count = () => refusedCount(ctx.metrics, 'credentials');
    await eventually('refusal counted', async () => (await count()) > before);
    expect(await count()).toBe(before + 1);
  });

  it('a robot cannot publish as another robot, and nothing else is disturbed', async () => {
    const client = await mqtt.connectAsync(ctx.brokerUrl, {
      username,
      password: ROBOT.password,
      reconnectPeriod: 0,
    });
    const own = `uagv/v2/${ROBOT.manufacturer}/${ROBOT.serialNumber}/state`;
    await client.publishAsync(
      own,
      JSON.stringify(state({ ...ROBOT, batteryState: { batteryCharge: 55, charging: false } })),
      { qos: 1 },
    );
    await eventually('own state', () => ctx.fleet.store.get(ctx.robotId)?.battery === 55);
    const before = await refusedCount(ctx.metrics, 'publish');
    // QoS 0, so the refusal shows only in the count: the broker closes the offender's connection.
    client.publish(
      'uagv/v2/other/R-9/state',
      JSON.stringify(state({ manufacturer: 'other', serialNumber: 'R-9' })),
    );
    await eventually('refusal counted', async () => (await refusedCount(ctx.metrics, 'publish')) > before);
    expect(ctx.fleet.store.get(ctx.robotId)?.battery).toBe(55);
    await client.endAsync(true);
  });

  it('a robot cannot subscribe to the whole fleet', async () => {
    const client = await mqtt.connectAsync(ctx.brokerUrl, {
      username,
      password: ROBOT.password,
      reconnectPeriod: 0,
    });
    const granted = await client.subscribeAsync('uagv/#').catch(() => [{ qos: 128 }]);
    expect(granted[0]?.qos).toBe(128);
    const own = await client.subscribeAsync(`uagv/v2/${ROBOT.manufacturer}/${ROBOT.serialNumber}/order`);
    expect(own[0]?.qos).toBe(0);
    await client.endAsync(true);
  });
});
