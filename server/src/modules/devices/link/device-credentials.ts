import { timingSafeEqual } from 'node:crypto';
import { DEVICE_NAME } from '@fleet/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { miniDevices } from '../../../db/schema/index.js';
import type { PeripheralLogin } from '../../../fleet/peripherals.js';
import { hashRobotSecret, newRobotSecret } from '../../../fleet/robot-credentials.js';

/** A device's MQTT password: random, shown once, kept as a hash (the same kind of secret as a robot's). */
export const newDeviceSecret = newRobotSecret;
export const hashDeviceSecret = hashRobotSecret;

/** Checks a device's MQTT username (`{devicePrefix}/{deviceName}`) and password against its registration. */
export async function checkDeviceLogin(
  db: Db,
  prefix: string,
  username: string,
  password: Buffer,
): Promise<PeripheralLogin | null> {
  if (!username.startsWith(`${prefix}/`)) return null;
  const name = username.slice(prefix.length + 1);
  if (!DEVICE_NAME.test(name)) return null;
  const [row] = await db
    .select({ hash: miniDevices.mqttSecretHash })
    .from(miniDevices)
    .where(eq(miniDevices.name, name));
  if (!row?.hash) return null;
  const given = Buffer.from(hashDeviceSecret(password.toString('utf8')), 'hex');
  const stored = Buffer.from(row.hash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return null;
  // The topic root is the device's name: a device's topics are its own whatever its id.
  return { peripheral: 'devices', id: name };
}
