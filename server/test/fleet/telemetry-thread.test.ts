import net from 'node:net';
import mqtt from 'mqtt';
import pino from 'pino';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { BrokerPortError } from '../../src/fleet/embedded-broker.js';
import { startFleet } from '../../src/fleet/fleet-service.js';
import { freshDatabase } from '../helper.js';
import { eventually, fleetWithOneRobot, ROBOT } from './fleet-helpers.js';
import { state } from './vda-samples.js';

const ownState = (battery: number) =>
  JSON.stringify(state({ ...ROBOT, batteryState: { batteryCharge: battery, charging: false } }));
const stateTopic = `uagv/v2/${ROBOT.manufacturer}/${ROBOT.serialNumber}/state`;

describe('the telemetry thread (broker and ingest off the main thread)', () => {
  it('a taken MQTT_PORT is a clear start-up error naming MQTT_PORT and MQTT_URL', async () => {
    const holder = net.createServer();
    const port = await new Promise<number>((resolve) =>
      holder.listen(0, '127.0.0.1', () => resolve((holder.address() as net.AddressInfo).port)),
    );
    const fresh = await freshDatabase();
    try {
      const start = startFleet({
        config: loadConfig({ MQTT_PORT: String(port), MQTT_HOST: '127.0.0.1', LOG_LEVEL: 'silent' }),
        reg: fresh.db.db,
        log: pino({ level: 'silent' }),
        metrics: new Registry(),
        peripheralLogin: async () => null,
      });
      await expect(start).rejects.toBeInstanceOf(BrokerPortError);
      await expect(start).rejects.toThrow(new RegExp(`MQTT_PORT ${port} is taken.*MQTT_URL`));
    } finally {
      holder.close();
      await fresh.drop();
    }
  });

  it('a thread that stops is started again on the same port, and the robot is heard again', async () => {
    const ctx = await fleetWithOneRobot();
    const { thread } = ctx.fleet;
    const port = ctx.fleet.broker?.port;
    const first = thread.current;
    if (!first) throw new Error('no telemetry thread');
    await first.terminate();
    await eventually('a new thread', () => thread.current !== null && thread.current !== first);
    expect(thread.port).toBe(port);
    // The new thread knows the registered robots: the robot's messages reach the store again.
    const robot = await eventually('robot reconnected', async () =>
      mqtt
        .connectAsync(ctx.brokerUrl, {
          username: `${ROBOT.manufacturer}/${ROBOT.serialNumber}`,
          password: ROBOT.password,
          reconnectPeriod: 0,
          connectTimeout: 1000,
        })
        .catch(() => undefined),
    );
    await robot.publishAsync(stateTopic, ownState(61), { qos: 1 });
    await eventually('state after the restart', () => ctx.fleet.store.get(ctx.robotId)?.battery === 61);
    // Commands reach robots through the new thread too.
    await expect(
      ctx.fleet.bus.publish(stateTopic.replace('/state', '/order'), '{}', { qos: 1 }),
    ).resolves.toBe(undefined);
    await robot.endAsync();
    const metric = async (name: string) =>
      (await ctx.metrics.getSingleMetric(name)?.get())?.values[0]?.value ?? Number.NaN;
    expect(await metric('fleet_telemetry_thread_restarts_total')).toBe(1);
    // The new thread reports its event-loop delay once a second.
    await eventually('thread loop delay reported', async () => {
      const max = await metric('fleet_telemetry_thread_event_loop_max_seconds');
      return max > 0 && max < 5;
    });
  });
});
