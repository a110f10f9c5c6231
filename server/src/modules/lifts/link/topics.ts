import { LIFT_TOPIC_LEVEL } from '@fleet/contract';

/*
 * The lift link's topics, under the lift prefix (`lifts/v1` by default):
 *   {prefix}/{gatewayId}/connection          gateway → console, retained, last will CONNECTIONBROKEN
 *   {prefix}/{gatewayId}/{liftName}/state    gateway → console, ≥ 1 Hz and on change
 *   {prefix}/{gatewayId}/{liftName}/request  console → gateway
 */

export type LiftTopic =
  | { kind: 'connection'; gatewayId: string }
  | { kind: 'state' | 'request'; gatewayId: string; liftName: string };

/** The topic's gateway, lift and kind, or null for anything that is not a lift topic. */
export function parseLiftTopic(prefix: string, topic: string): LiftTopic | null {
  if (!topic.startsWith(`${prefix}/`)) return null;
  const parts = topic.slice(prefix.length + 1).split('/');
  const [gatewayId, second, third] = parts as [string, string | undefined, string | undefined];
  if (!LIFT_TOPIC_LEVEL.test(gatewayId)) return null;
  if (parts.length === 2 && second === 'connection') return { kind: 'connection', gatewayId };
  if (parts.length !== 3 || !second || !LIFT_TOPIC_LEVEL.test(second)) return null;
  if (third === 'state' || third === 'request') return { kind: third, gatewayId, liftName: second };
  return null;
}

export const liftStateTopic = (prefix: string, gatewayId: string, liftName: string) =>
  `${prefix}/${gatewayId}/${liftName}/state`;
export const liftRequestTopic = (prefix: string, gatewayId: string, liftName: string) =>
  `${prefix}/${gatewayId}/${liftName}/request`;
export const gatewayConnectionTopic = (prefix: string, gatewayId: string) =>
  `${prefix}/${gatewayId}/connection`;

/** A gateway's MQTT username: the topic root it owns, as a robot's is its two topic levels. */
export const gatewayUsername = (prefix: string, gatewayId: string) => `${prefix}/${gatewayId}`;
