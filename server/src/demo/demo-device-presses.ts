import { SimDevice } from '@fleet/sim';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { miniDevices } from '../db/schema/index.js';
import { hashDeviceSecret, newDeviceSecret } from '../modules/devices/link/device-credentials.js';
import { DEMO_DEVICES } from './demo-devices.js';

/** Now and then someone presses one of the demo's call buttons. */
const PRESS_EVERY_S: [number, number] = [90, 180];
/** Whoever pressed is served this long after the robot arrived. */
const SERVED_AFTER_MS = 15_000;

const between = ([min, max]: [number, number]) => (min + Math.random() * (max - min)) * 1000;

export interface DemoDevices {
  devices: number;
  stop(): Promise<void>;
}

/**
 * The demo's mini devices at work: each demo device runs as a simulated device with a fresh password (its hash
 * replaces the old one), heartbeating with a slowly draining battery; now and then a call button is pressed, a
 * robot of its building answers, and the person acknowledges once the robot is there.
 */
export async function startDemoDevices(
  app: FastifyInstance,
  config: Config,
  reg: Db,
): Promise<DemoDevices | null> {
  const rows = await reg
    .select()
    .from(miniDevices)
    .where(
      inArray(
        miniDevices.name,
        DEMO_DEVICES.map((d) => d.name),
      ),
    );
  if (rows.length === 0) return null;
  const secrets = new Map(rows.map((r) => [r.id, newDeviceSecret()]));
  await reg.transaction(async (tx) => {
    for (const r of rows)
      await tx
        .update(miniDevices)
        .set({ mqttSecretHash: hashDeviceSecret(secrets.get(r.id) ?? '') })
        .where(eq(miniDevices.id, r.id));
  });
  const url = config.mqtt.url ?? `mqtt://127.0.0.1:${app.fleet.broker?.port}`;
  const sims = rows.map(
    (r, i) =>
      new SimDevice({
        url,
        prefix: config.devicePrefix,
        name: r.name,
        password: secrets.get(r.id) ?? '',
        heartbeatS: r.heartbeatS,
        battery: r.type === 'doorBox' ? null : 96 - i * 7,
        drainPerHour: 0.5,
        firmware: '2.3.1',
        seed: i + 1,
        ackArrivedAfterMs: SERVED_AFTER_MS,
      }),
  );
  for (const sim of sims) await sim.start();
  const buttons = sims.filter((_, i) => rows[i]?.type === 'callButton');
  let timer: NodeJS.Timeout | undefined;
  const next = () => {
    timer = setTimeout(() => {
      const button = buttons[Math.floor(Math.random() * buttons.length)];
      button?.press().catch((err: unknown) => app.log.info({ err }, 'demo devices: a press was not sent'));
      next();
    }, between(PRESS_EVERY_S));
    timer.unref();
  };
  if (buttons.length) next();
  return {
    devices: sims.length,
    stop: async () => {
      clearTimeout(timer);
      for (const sim of sims) await sim.stop().catch(() => {});
    },
  };
}
