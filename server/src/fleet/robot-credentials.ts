import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { robots } from '../db/schema/index.js';
import type { PeripheralLogin } from './peripherals.js';
import { TOPIC_LEVEL } from './vda/topics.js';

/** A new MQTT password: 24 random bytes (192 bits), shown once at registration. */
export const newRobotSecret = () => randomBytes(24).toString('base64url');

export const hashRobotSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

export interface RobotLogin {
  robotId: string;
  manufacturer: string;
  serialNumber: string;
}

/** Whoever an MQTT login names: a robot, or a peripheral (a lift gateway, a mini device). */
export type BrokerLogin = RobotLogin | PeripheralLogin;
export const isPeripheralLogin = (l: BrokerLogin): l is PeripheralLogin => 'peripheral' in l;

/** Checks a robot's MQTT username (`manufacturer/serialNumber`) and password against its registration. */
export async function checkRobotLogin(
  db: Db,
  username: string,
  password: Buffer,
): Promise<RobotLogin | null> {
  const [manufacturer, serialNumber, extra] = username.split('/');
  if (extra !== undefined || !manufacturer || !serialNumber) return null;
  if (!TOPIC_LEVEL.test(manufacturer) || !TOPIC_LEVEL.test(serialNumber)) return null;
  const [row] = await db
    .select({ id: robots.id, hash: robots.mqttSecretHash })
    .from(robots)
    .where(and(eq(robots.manufacturer, manufacturer), eq(robots.serialNumber, serialNumber)));
  if (!row?.hash) return null;
  const given = Buffer.from(hashRobotSecret(password.toString('utf8')), 'hex');
  const stored = Buffer.from(row.hash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return null;
  return { robotId: row.id, manufacturer, serialNumber };
}
