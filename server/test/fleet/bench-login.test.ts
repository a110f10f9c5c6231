import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { eventually, fleetWithOneRobot, ROBOT } from './fleet-helpers.js';
import { state } from './vda-samples.js';

const BENCH_PASSWORD = 'bench-password-for-tests';
type Ctx = Awaited<ReturnType<typeof fleetWithOneRobot>>;

async function counter(ctx: Ctx, name: string, label: string, value: string): Promise<number> {
  const m = await ctx.metrics.getSingleMetric(name)?.get();
  return m?.values.find((v) => v.labels[label] === value)?.value ?? 0;
}

const bench = (ctx: Ctx, password = BENCH_PASSWORD) =>
  mqtt.connectAsync(ctx.brokerUrl, {
    username: 'bench',
    password,
    reconnectPeriod: 0,
    connectTimeout: 3000,
  });

const stateOf = (serialNumber: string, battery: number) =>
  JSON.stringify(
    state({ ...ROBOT, serialNumber, batteryState: { batteryCharge: battery, charging: false } }),
  );

describe('the load-test login when MQTT_BENCH_PASSWORD is not set', async () => {
  const ctx = await fleetWithOneRobot();

  it('is refused like any unknown login, whatever the password', async () => {
    const before = await counter(ctx, 'fleet_mqtt_refused_total', 'reason', 'credentials');
    await expect(bench(ctx)).rejects.toThrow();
    // Counted by the telemetry thread and handed over with its next batch: within a turn of its loop.
    const count = () => counter(ctx, 'fleet_mqtt_refused_total', 'reason', 'credentials');
    await eventually('refusal counted', async () => (await count()) > before);
    expect(await count()).toBe(before + 1);
  });
});

describe('the load-test login when MQTT_BENCH_PASSWORD is set', async () => {
  const ctx = await fleetWithOneRobot({ MQTT_BENCH_PASSWORD: BENCH_PASSWORD });
  const robotTopic = (serial: string, kind: string) => `uagv/v2/${ROBOT.manufacturer}/${serial}/${kind}`;

  it('refuses a wrong password', async () => {
    await expect(bench(ctx, 'not-the-bench-password')).rejects.toThrow();
  });

  it('publishes telemetry for any robot; the ingest still drops robots that are not registered', async () => {
    const client = await bench(ctx);
    const unknownBefore = await counter(ctx, 'fleet_messages_dropped_total', 'reason', 'unknown_robot');
    await client.publishAsync(robotTopic(ROBOT.serialNumber, 'state'), stateOf(ROBOT.serialNumber, 33), {
      qos: 1,
    });
    await client.publishAsync(robotTopic('NOT-REGISTERED', 'state'), stateOf('NOT-REGISTERED', 44), {
      qos: 1,
    });
    await eventually('registered robot updated', () => ctx.fleet.store.get(ctx.robotId)?.battery === 33);
    // Counted as taken in, and read from /metrics twice it is not counted twice.
    const accepted = await counter(ctx, 'fleet_messages_total', 'topic', 'state');
    expect(accepted).toBeGreaterThanOrEqual(1);
    expect(await counter(ctx, 'fleet_messages_total', 'topic', 'state')).toBe(accepted);
    await eventually(
      'unregistered robot dropped',
      async () =>
        (await counter(ctx, 'fleet_messages_dropped_total', 'reason', 'unknown_robot')) > unknownBefore,
    );
    await client.endAsync(true);
  });

  it('listens to every robot’s commands, and to nothing else', async () => {
    const client = await bench(ctx);
    const granted = await client.subscribeAsync(
      ['uagv/v2/+/+/order', 'uagv/v2/+/+/instantActions', robotTopic(ROBOT.serialNumber, 'order')],
      { qos: 1 },
    );
    expect(granted.map((g) => g.qos)).toEqual([1, 1, 1]);
    for (const filter of ['uagv/#', 'uagv/v2/+/+/state', 'uagv/v2/+/+/+', 'other/v2/+/+/order']) {
      const [g] = await client.subscribeAsync(filter).catch(() => [{ qos: 128 }]);
      expect(g?.qos, filter).toBe(128);
    }
    const got = new Promise<string>((resolve) => client.on('message', (topic) => resolve(topic)));
    await ctx.fleet.bus.publish(robotTopic(ROBOT.serialNumber, 'instantActions'), '{}', { qos: 1 });
    expect(await got).toBe(robotTopic(ROBOT.serialNumber, 'instantActions'));
    await client.endAsync(true);
  });

  it('never publishes commands', async () => {
    const client = await bench(ctx);
    const before = await counter(ctx, 'fleet_mqtt_refused_total', 'reason', 'publish');
    // QoS 0: the refusal shows in the count, and the broker closes the offender's connection.
    client.publish(robotTopic(ROBOT.serialNumber, 'order'), '{}');
    await eventually(
      'refusal counted',
      async () => (await counter(ctx, 'fleet_mqtt_refused_total', 'reason', 'publish')) > before,
    );
    await client.endAsync(true);
  });

  it('leaves the robots’ own permissions as they were', async () => {
    const robot = await mqtt.connectAsync(ctx.brokerUrl, {
      username: `${ROBOT.manufacturer}/${ROBOT.serialNumber}`,
      password: ROBOT.password,
      reconnectPeriod: 0,
    });
    const [all] = await robot.subscribeAsync('uagv/v2/+/+/order').catch(() => [{ qos: 128 }]);
    expect(all?.qos).toBe(128);
    const before = await counter(ctx, 'fleet_mqtt_refused_total', 'reason', 'publish');
    robot.publish(robotTopic('OTHER-1', 'state'), stateOf('OTHER-1', 10));
    await eventually(
      'refusal counted',
      async () => (await counter(ctx, 'fleet_mqtt_refused_total', 'reason', 'publish')) > before,
    );
    await robot.endAsync(true);
    // The robot's password is no way into the bench login, nor the bench password into a robot.
    await expect(bench(ctx, ROBOT.password)).rejects.toThrow();
    await expect(
      mqtt.connectAsync(ctx.brokerUrl, {
        username: `${ROBOT.manufacturer}/${ROBOT.serialNumber}`,
        password: BENCH_PASSWORD,
        reconnectPeriod: 0,
        connectTimeout: 3000,
      }),
    ).rejects.toThrow();
  });
});
