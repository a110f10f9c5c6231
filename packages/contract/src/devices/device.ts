import { z } from 'zod';
import { refusal } from '../envelope.js';
import { text } from '../text.js';
import { CALL_STATES, DEVICE_EVENT_KINDS } from './calls.js';
import { deviceName, deviceType } from './link.js';
import { BULK_BIND_RULES } from './rules.js';

/** A point on a floor's map, metres in the map's frame. */
export const mapPoint = z.object({
  x: z.number().finite().min(-100_000).max(100_000),
  y: z.number().finite().min(-100_000).max(100_000),
});
export type MapPoint = z.infer<typeof mapPoint>;

/** What the console knows of a device right now, from its heartbeats. */
export const deviceLive = z.object({
  online: z.boolean(),
  /** Percent; null on mains power or before the first heartbeat. */
  battery: z.int().nullable(),
  /** dBm. */
  rssi: z.int().nullable(),
  lastSeenAt: z.iso.datetime().nullable(),
});
export type DeviceLive = z.infer<typeof deviceLive>;

/** A device's open call, as its row shows it. */
export const openCall = z.object({
  id: z.uuid(),
  state: z.enum(CALL_STATES),
  robotName: z.string().nullable(),
  /** Place in the building's queue while no robot is free. */
  queuePosition: z.int().nullable(),
  createdAt: z.iso.datetime(),
});
export type OpenCall = z.infer<typeof openCall>;

/** A device's live part as the /live `devices` stream carries it: the rest of its row changes only by an edit. */
export const deviceLiveView = z.object({
  id: z.uuid(),
  live: deviceLive,
  openCall: openCall.nullable(),
});
export type DeviceLiveView = z.infer<typeof deviceLiveView>;

export const miniDevice = z.object({
  id: z.uuid(),
  /** Its serial: unique in the region, its MQTT topic level, what a super admin searches for. */
  name: z.string(),
  label: z.string(),
  type: deviceType,
  model: z.string(),
  firmware: z.string().nullable(),
  companyId: z.uuid(),
  buildingId: z.uuid().nullable(),
  buildingName: z.string().nullable(),
  floorId: z.uuid().nullable(),
  floorName: z.string().nullable(),
  point: mapPoint.nullable(),
  allowedRobotIds: z.array(z.uuid()),
  allowedModels: z.array(z.string()),
  minBattery: z.int(),
  heartbeatS: z.int(),
  /** Whether it was given MQTT credentials (devices from before the device link were not). */
  hasCredentials: z.boolean(),
  live: deviceLive,
  openCall: openCall.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type MiniDevice = z.infer<typeof miniDevice>;

/** What a device is told to log in with: shown once, at registration or renewal. */
export const deviceCredentials = z.object({
  deviceId: z.uuid(),
  username: z.string(),
  password: z.string(),
  topicRoot: z.string(),
  /** Where the embedded broker listens (null when an external broker is used). */
  mqttPort: z.int().nullable(),
});
export type DeviceCredentials = z.infer<typeof deviceCredentials>;

const modelName = text({ max: 64 });
const allowed = {
  allowedRobotIds: z.array(z.uuid()).max(200, 'at most 200 robots'),
  allowedModels: z.array(text({ min: 1, max: 64 })).max(50, 'at most 50 models'),
  minBattery: z.int().min(0).max(100),
  heartbeatS: z.int().min(10, 'at least 10 s').max(3600, 'at most 3600 s'),
};

export const registerDeviceBody = z.object({
  name: deviceName,
  label: text({ min: 1, max: 80 }),
  type: deviceType,
  model: modelName.default(''),
});

export const editDeviceBody = z.object({
  id: z.uuid(),
  label: text({ min: 1, max: 80 }),
  type: deviceType,
  model: modelName,
  ...allowed,
});

/** Where a device belongs: a building, and for one that calls robots a floor of it and a point on its map. */
export const bindDeviceBody = z.object({
  deviceId: z.uuid(),
  /** null unbinds it (its open call is cancelled). */
  buildingId: z.uuid().nullable(),
  floorId: z.uuid().nullable().optional(),
  point: mapPoint.nullable().optional(),
});

export const deviceSearch = z.object({
  /** Part of its name or label. */
  name: text({ max: 120 }).optional(),
  buildingId: z.uuid().optional(),
  type: deviceType.optional(),
  online: z.boolean().optional(),
  /** Battery below 20 %. */
  lowBattery: z.boolean().optional(),
  /** In no building. */
  unbound: z.boolean().optional(),
});
export type DeviceSearch = z.infer<typeof deviceSearch>;

/** Below this battery (percent) a device shows as low, and the low-battery filter finds it. */
export const LOW_DEVICE_BATTERY = 20;

export const deviceEventDto = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  kind: z.enum(DEVICE_EVENT_KINDS),
  callId: z.uuid().nullable(),
  actorId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type DeviceEventDto = z.infer<typeof deviceEventDto>;

export const deviceCall = z.object({
  id: z.uuid(),
  deviceId: z.uuid(),
  deviceLabel: z.string(),
  state: z.enum(CALL_STATES),
  robotId: z.uuid().nullable(),
  robotName: z.string().nullable(),
  escalated: z.boolean(),
  note: z.string().nullable(),
  queuePosition: z.int().nullable(),
  createdAt: z.iso.datetime(),
  assignedAt: z.iso.datetime().nullable(),
  arrivedAt: z.iso.datetime().nullable(),
  endedAt: z.iso.datetime().nullable(),
});
export type DeviceCall = z.infer<typeof deviceCall>;

/** One line of a bulk bind file, as checked: bound, or why not. */
export const bulkBindRow = z.object({
  line: z.int(),
  name: z.string(),
  /** Why the line cannot be bound, in English; null when it can. */
  error: z.string().nullable(),
  /** The same as a rule and the values its words need, for the console to word it; null when it can be bound. */
  refusal: z.object({ rule: z.enum(BULK_BIND_RULES), params: refusal.shape.params }).nullable(),
});
export type BulkBindRow = z.infer<typeof bulkBindRow>;
