import { AgvController, VirtualAgvAdapter } from 'vda-5050-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goToOrder } from '../../src/fleet/commands/go-to-order.js';
import { robotTopic } from '../../src/fleet/vda/topics.js';
import { BROKERS, eventually, fleetWithOneRobot, ROBOT } from './fleet-helpers.js';

/**
 * A robot that is not ours: the vda-5050-lib AGV controller with its virtual adapter, speaking VDA 5050 2.0
 * over MQTT to the embedded broker.
 */
describe.each(BROKERS)('a VDA 5050 robot from another vendor, through $name', ({ env }) => {
  // A fresh serial number per run: an external broker keeps retained messages of earlier runs.
  const serialNumber = `AGV-${Math.random().toString(36).slice(2, 8)}`;
  let ctx: Awaited<ReturnType<typeof fleetWithOneRobot>>;
  let agv: AgvController;

  beforeAll(async () => {
    ctx = await fleetWithOneRobot(env, serialNumber);
    agv = new AgvController(
      { manufacturer: ROBOT.manufacturer, serialNumber },
      {
        interfaceName: 'uagv',
        vdaVersion: '2.0.0',
        transport: {
          brokerUrl: ctx.brokerUrl,
          username: `${ROBOT.manufacturer}/${serialNumber}`,
          password: ROBOT.password,
          heartbeat: 2,
        },
      },
      { agvAdapterType: VirtualAgvAdapter, publishVisualizationInterval: 250 },
      { initialPosition: { mapId: 'floor-1', x: 0, y: 0, theta: 0 }, vehicleSpeed: 4 },
    );
    await agv.start();
  });
  afterAll(async () => {
    await agv.stop().catch(() => {});
  });

  it('appears online with its position', async () => {
    const robot = await eventually('online', () => {
      const r = ctx.fleet.store.get(ctx.robotId);
      return r?.connection === 'ONLINE' && r.position ? r : undefined;
    });
    expect(robot.position).toMatchObject({ mapId: 'floor-1', x: 0, y: 0 });
    expect(robot.status).toBe('idle');
  });

  it('moves and arrives when sent to a station', async () => {
    const from = { x: 0, y: 0, theta: 0, mapId: 'floor-1' };
    const order = goToOrder(
      {
        headerId: 1,
        timestamp: new Date().toISOString(),
        version: '2.0.0',
        manufacturer: ROBOT.manufacturer,
        serialNumber,
      },
      from,
      { x: 4, y: 3, theta: 0, mapId: 'floor-1', stationId: 'dock' },
    );
    await ctx.fleet.bus.publish(
      robotTopic(ctx.fleet.prefix, ROBOT.manufacturer, serialNumber, 'order'),
      JSON.stringify(order),
      { qos: 1 },
    );
    await eventually('working', () => ctx.fleet.store.get(ctx.robotId)?.status === 'working');
    const arrived = await eventually(
      'arrival',
      () => {
        const r = ctx.fleet.store.get(ctx.robotId);
        return r?.status === 'idle' && r.position && Math.hypot(r.position.x - 4, r.position.y - 3) < 0.5
          ? r
          : undefined;
      },
      15_000,
    );
    expect(arrived.orderId).toBe(order.orderId);
  });

  it.skipIf(Boolean(env.MQTT_URL))('goes offline when its connection drops (its last will)', async () => {
    const seen: string[] = [];
    const stop = ctx.fleet.store.onChange((robot) => {
      if (robot.id === ctx.robotId) seen.push(ctx.fleet.store.get(robot.id)?.connection ?? 'none');
    });
    const broker = ctx.fleet.broker;
    if (!broker) throw new Error('this test needs the embedded broker');
    // The broker closes the robot's connection without the robot saying goodbye: its will is published.
    broker.disconnect(ROBOT.manufacturer, serialNumber);
    await eventually('last will', () => seen.includes('CONNECTIONBROKEN'));
    stop();
  });
});
