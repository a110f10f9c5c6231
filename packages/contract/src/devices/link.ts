import { z } from 'zod';
import { text } from '../text.js';
import { CALL_STATES } from './calls.js';

/*
 * The device link: what a mini device (a call button, a pager, a watch, a small box) or the gateway that speaks
 * for it and the console say to each other over MQTT, in VDA 5050's JSON style (camelCase, ISO times).
 * docs/protocols.md describes the topics; this file is the one definition of their payloads.
 */

/** What a mini device is for. */
export const DEVICE_TYPES = [
  'callButton',
  'tablePager',
  'staffPager',
  'watch',
  'liftBox',
  'doorBox',
  'beacon',
  'other',
] as const;
export const deviceType = z.enum(DEVICE_TYPES);
export type DeviceType = z.infer<typeof deviceType>;

/** Devices that summon a robot when pressed; the others only show or receive. */
export const CALLING_TYPES: readonly DeviceType[] = ['callButton', 'tablePager'];
/** Devices that receive alerts meant for staff (a call nobody answered). */
export const ALERTED_TYPES: readonly DeviceType[] = ['staffPager', 'watch'];

/** A device's name is its serial and a topic level: no MQTT separators or wildcards. */
export const DEVICE_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
export const deviceName = z.string().regex(DEVICE_NAME, '1–64 letters, digits, _ . or -');

const at = z.iso.datetime({ offset: true });

/** `connection`, retained, with a last will: as robots and lift gateways say it. */
export const deviceConnection = z.object({
  connectionState: z.enum(['ONLINE', 'OFFLINE', 'CONNECTIONBROKEN']),
  timestamp: at,
});
export type DeviceConnection = z.infer<typeof deviceConnection>;

/** Sent every `heartbeatS` seconds (60 by default); three missed and the device is offline. */
export const deviceHeartbeat = z.object({
  /** Percent; null for a device on mains power. */
  battery: z.number().min(0).max(100).nullable(),
  /** Received signal strength, dBm; null when the radio does not say. */
  rssi: z.int().min(-150).max(0).nullable(),
  firmware: text({ max: 64 }).optional(),
  timestamp: at,
});
export type DeviceHeartbeat = z.infer<typeof deviceHeartbeat>;

/**
 * What a person did on the device: `press` summons a robot (a calling device) or is a pager's button; `cancel`
 * takes a call back; `ack` says a staff member saw an alert, or that the robot was served. `eventId` is the
 * device's own, so a message sent twice (QoS 1) counts once.
 */
export const DEVICE_EVENT_TYPES = ['press', 'cancel', 'ack'] as const;
export const deviceEvent = z.object({
  eventId: z.string().min(1).max(64),
  type: z.enum(DEVICE_EVENT_TYPES),
  timestamp: at,
});
export type DeviceEvent = z.infer<typeof deviceEvent>;

/**
 * Sent by the console. `identify`: beep or blink for a few seconds, so a person finds it; `callState`: show where
 * its call is (a queue position, the robot on its way, arrived); `alert`: a staff pager's message, until acked.
 */
export const deviceCommand = z.discriminatedUnion('type', [
  z.object({ type: z.literal('identify'), seconds: z.int().min(1).max(60), timestamp: at }),
  z.object({
    type: z.literal('callState'),
    callId: z.uuid(),
    state: z.enum(CALL_STATES),
    robotName: z.string().nullable(),
    queuePosition: z.int().min(1).nullable(),
    timestamp: at,
  }),
  z.object({ type: z.literal('alert'), alertId: z.uuid(), text: z.string().max(200), timestamp: at }),
]);
export type DeviceCommand = z.infer<typeof deviceCommand>;

/** The largest device message the console reads; anything longer is refused unread. */
export const MAX_DEVICE_MESSAGE_BYTES = 4 * 1024;
