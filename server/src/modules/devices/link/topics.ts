import { DEVICE_NAME } from '@fleet/contract';

/*
 * The device link's topics, under the device prefix (`devices/v1` by default):
 *   {prefix}/{deviceName}/connection   device → console, retained, last will CONNECTIONBROKEN
 *   {prefix}/{deviceName}/heartbeat    device → console, every heartbeatS seconds
 *   {prefix}/{deviceName}/event        device → console: press, cancel, ack
 *   {prefix}/{deviceName}/command      console → device: identify, callState, alert
 */

export const DEVICE_TOPIC_KINDS = ['connection', 'heartbeat', 'event', 'command'] as const;
export type DeviceTopicKind = (typeof DEVICE_TOPIC_KINDS)[number];

/** The topic's device and kind, or null for anything that is not a device topic. */
export function parseDeviceTopic(
  prefix: string,
  topic: string,
): { deviceName: string; kind: DeviceTopicKind } | null {
  if (!topic.startsWith(`${prefix}/`)) return null;
  const parts = topic.slice(prefix.length + 1).split('/');
  if (parts.length !== 2) return null;
  const [deviceName, kind] = parts as [string, string];
  if (!DEVICE_NAME.test(deviceName)) return null;
  return (DEVICE_TOPIC_KINDS as readonly string[]).includes(kind)
    ? { deviceName, kind: kind as DeviceTopicKind }
    : null;
}

export const deviceTopic = (prefix: string, deviceName: string, kind: DeviceTopicKind) =>
  `${prefix}/${deviceName}/${kind}`;

/** A device's MQTT username: the topic root it owns. */
export const deviceUsername = (prefix: string, deviceName: string) => `${prefix}/${deviceName}`;
