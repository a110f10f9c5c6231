import { MAX_DEVICE_MESSAGE_BYTES } from '@fleet/contract/devices-link';
import { MAX_LIFT_MESSAGE_BYTES } from '@fleet/contract/lifts-link';

/*
 * Peripherals: the MQTT clients besides robots that the console hears — lift gateways and mini devices. Each
 * kind has its own topic prefix; a login owns the topics under `{prefix}/{id}/` and may use only those the rules
 * below allow. Their messages are few and slow, so they go to the main thread as they come (robots' are batched).
 */

export const PERIPHERAL_KINDS = ['lifts', 'devices'] as const;
export type PeripheralKind = (typeof PERIPHERAL_KINDS)[number];

/** A peripheral's topic prefix (`lifts/v1`, `devices/v1`), as configured. */
export type PeripheralPrefixes = Record<PeripheralKind, string>;

/** A lift gateway's or a mini device's login: it owns the topics under `{prefix}/{id}/`. */
export interface PeripheralLogin {
  peripheral: PeripheralKind;
  id: string;
}

const LEVEL = '[A-Za-z0-9_.-]{1,64}';

interface TopicRules {
  /** What it may publish, below its own root. */
  publishes: RegExp;
  /** What it may subscribe to, below its own root. */
  subscribes: RegExp;
  /** Its messages are cut past this many bytes on their way to the main thread (its link refuses them). */
  maxBytes: number;
}

export const PERIPHERAL_RULES: Record<PeripheralKind, TopicRules> = {
  /** A gateway: its connection and each lift's state out, the lifts' requests in. */
  lifts: {
    publishes: new RegExp(`^(connection|${LEVEL}/state)$`),
    subscribes: new RegExp(`^(#|\\+/request|${LEVEL}/request)$`),
    maxBytes: MAX_LIFT_MESSAGE_BYTES,
  },
  /** A device: its connection, heartbeat and events out, its commands in. */
  devices: {
    publishes: /^(connection|heartbeat|event)$/,
    subscribes: /^(#|command)$/,
    maxBytes: MAX_DEVICE_MESSAGE_BYTES,
  },
};

/** The kind whose prefix the topic (or username) is under, if any. */
export function peripheralKindOf(prefixes: PeripheralPrefixes, topic: string): PeripheralKind | null {
  // Asked for every robot message too: `{prefix}/` checked without building it.
  for (const kind of PERIPHERAL_KINDS) {
    const p = prefixes[kind];
    if (topic.charCodeAt(p.length) === 47 && topic.startsWith(p)) return kind;
  }
  return null;
}
