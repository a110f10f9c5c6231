import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../../../db/client.js';
import type { PeripheralLogin } from '../../../fleet/peripherals.js';
import { hashRobotSecret, newRobotSecret } from '../../../fleet/robot-credentials.js';
import { gatewayLogin } from '../repo.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A gateway's MQTT password: random, shown once, kept as a hash (the same kind of secret as a robot's). */
export const newGatewaySecret = newRobotSecret;
export const hashGatewaySecret = hashRobotSecret;

/** Checks a lift gateway's MQTT username (`{liftPrefix}/{gatewayId}`) and password against its registration. */
export async function checkGatewayLogin(
  db: Db,
  liftPrefix: string,
  username: string,
  password: Buffer,
): Promise<PeripheralLogin | null> {
  if (!username.startsWith(`${liftPrefix}/`)) return null;
  const gatewayId = username.slice(liftPrefix.length + 1);
  if (!UUID.test(gatewayId)) return null;
  const row = await gatewayLogin(db, gatewayId);
  if (!row) return null;
  const given = Buffer.from(hashGatewaySecret(password.toString('utf8')), 'hex');
  const stored = Buffer.from(row.passwordHash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return null;
  return { peripheral: 'lifts', id: gatewayId };
}
