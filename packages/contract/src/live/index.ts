import { z } from 'zod';
import { deviceLiveView } from '../devices/device.js';
import { liftLiveView } from '../lifts/live-lift.js';
import { rawText } from '../text.js';

/** What the console shows of a robot's condition, derived from its VDA 5050 messages. */
export const ROBOT_STATUSES = ['offline', 'error', 'paused', 'charging', 'working', 'idle'] as const;
export const robotStatus = z.enum(ROBOT_STATUSES);
export type RobotStatus = z.infer<typeof robotStatus>;

export const CONNECTION_STATES = ['ONLINE', 'OFFLINE', 'CONNECTIONBROKEN'] as const;
export const connectionState = z.enum(CONNECTION_STATES);

export const robotPosition = z.object({
  /** The floor the robot is on (VDA 5050 mapId is the floor's id). */
  mapId: z.string(),
  x: z.number(),
  y: z.number(),
  theta: z.number(),
});

export const robotError = z.object({
  errorType: z.string(),
  errorLevel: z.enum(['WARNING', 'FATAL']),
  errorDescription: z.string().optional(),
  /**
   * The action the error is about (its `errorReferences` entry `actionId`): how a robot refuses an instant action
   * it cannot run, e.g. one of a type it does not support.
   */
  actionId: z.string().optional(),
});

export const ACTION_STATUSES = [
  'WAITING',
  'INITIALIZING',
  'RUNNING',
  'PAUSED',
  'FINISHED',
  'FAILED',
] as const;
export const actionState = z.object({
  actionId: z.string(),
  actionType: z.string().optional(),
  actionStatus: z.enum(ACTION_STATUSES),
  resultDescription: z.string().optional(),
});

/** The live state of one robot as the browser receives it over /live. */
export const liveRobot = z.object({
  id: z.uuid(),
  name: z.string(),
  serialNumber: z.string(),
  manufacturer: z.string(),
  model: z.string(),
  buildingId: z.uuid().nullable(),
  status: robotStatus,
  connection: connectionState.nullable(),
  /** No message for longer than the robot's expected interval. */
  stale: z.boolean(),
  position: robotPosition.nullable(),
  velocity: z.object({ vx: z.number(), vy: z.number(), omega: z.number() }).nullable(),
  battery: z.number().min(0).max(100).nullable(),
  charging: z.boolean(),
  driving: z.boolean(),
  paused: z.boolean(),
  operatingMode: z.string().nullable(),
  orderId: z.string().nullable(),
  errors: z.array(robotError),
  actionStates: z.array(actionState),
  lastSeenAt: z.iso.datetime().nullable(),
});
export type LiveRobot = z.infer<typeof liveRobot>;

/**
 * What a /live subscription follows: the company's robots (the default), its lifts (with `lifts.read`), its
 * mini devices' live state (with `devices.read`), or several. The building and floor filter applies to robots;
 * lifts and devices come company-wide (/elevator and /device pick their own).
 */
export const LIVE_STREAMS = ['robots', 'lifts', 'devices'] as const;
export type LiveStream = (typeof LIVE_STREAMS)[number];

/**
 * How often a robot that only moved reaches a subscription. `live` (the default): about once per LIVE_FLUSH_MS,
 * for screens that draw robots moving (maps). `list`: at most once per LIVE_LIST_MOTION_MS, for screens that
 * show no position and no speed (/robots: battery to the percent, last seen to ten seconds), so a list of
 * 10,000 moving robots receives a tenth of the motion. Any other change (status, order, errors, another floor,
 * a robot coming or going) goes at the live pace either way.
 */
export const LIVE_PACES = ['live', 'list'] as const;
export type LivePace = (typeof LIVE_PACES)[number];
/**
 * How robots' changes come: `binary`, the changes frame of live/frame.ts (what the console asks for), or `json`
 * text frames (the default, for any other reader of /live and for pages of earlier versions still open).
 */
export const LIVE_FRAMES = ['json', 'binary'] as const;
export type LiveFrames = (typeof LIVE_FRAMES)[number];
export const LIVE_LIST_MOTION_MS = 2000;

/** Browser → server over /live. */
export const liveClientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('subscribe'),
    token: rawText(4096).min(1),
    buildingId: z.uuid().optional(),
    floorId: rawText(100).optional(),
    streams: z.array(z.enum(LIVE_STREAMS)).min(1).max(LIVE_STREAMS.length).optional(),
    pace: z.enum(LIVE_PACES).optional(),
    frames: z.enum(LIVE_FRAMES).optional(),
  }),
  z.object({ type: z.literal('ping') }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

/**
 * A robot that only moved since it was last sent — same floor, new position, speed, battery or time heard
 * from — as `[id, x, y, theta, vx, vy, omega, battery, lastSeenAt in epoch ms]` (metres, radians, per second,
 * percent; to the millimetre and milliradian; the three speeds null when the robot reports none). Most of a
 * moving fleet's changes are these; the console receives them as 52-byte records of the binary frame (frame.ts).
 * Any other change sends the whole record in `robots`.
 */
export const liveMotion = z.tuple([
  z.uuid(),
  z.number(),
  z.number(),
  z.number(),
  z.number().nullable(),
  z.number().nullable(),
  z.number().nullable(),
  z.number().min(0).max(100).nullable(),
  z.number().int(),
]);
export type LiveMotion = z.infer<typeof liveMotion>;

/** Server → browser over /live: a snapshot after subscribing, then batches of changes. */
export const liveServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), robots: z.array(liveRobot), at: z.iso.datetime() }),
  z.object({
    type: z.literal('changes'),
    robots: z.array(liveRobot),
    moved: z.array(liveMotion),
    removed: z.array(z.uuid()),
    at: z.iso.datetime(),
  }),
  /** The company's lifts as /elevator shows them, after subscribing to the lifts stream. */
  z.object({ type: z.literal('liftSnapshot'), lifts: z.array(liftLiveView), at: z.iso.datetime() }),
  /**
   * Lifts whose view changed (whole), lifts that only reported the same state again (`fresh`: `[id, epoch ms
   * of that state]`, at most once a second), and lifts that were removed.
   */
  z.object({
    type: z.literal('liftChanges'),
    lifts: z.array(liftLiveView),
    fresh: z.array(z.tuple([z.uuid(), z.number().int()])),
    removed: z.array(z.uuid()),
    at: z.iso.datetime(),
  }),
  /** The company's devices' live state (online, battery, signal, last seen, open call), after subscribing. */
  z.object({ type: z.literal('deviceSnapshot'), devices: z.array(deviceLiveView), at: z.iso.datetime() }),
  /** Devices whose live state changed (heartbeat, online, call step or queue place), and devices removed. */
  z.object({
    type: z.literal('deviceChanges'),
    devices: z.array(deviceLiveView),
    removed: z.array(z.uuid()),
    at: z.iso.datetime(),
  }),
  z.object({ type: z.literal('pong') }),
  /** A stream refused without closing the socket (e.g. `FORBIDDEN` for lifts without `lifts.read`). */
  z.object({ type: z.literal('error'), code: z.string(), info: z.string() }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessage>;

/** WebSocket close codes of /live. */
export const LIVE_CLOSE = { unauthorized: 4401, badMessage: 4400, tooSlow: 4408 } as const;

/**
 * A robot's changes reach a browser once per this interval on average (~5 a second, however often it reports).
 * Batches go out more often than that — every LIVE_TICK_MS, with the robots whose turn has come — so a change
 * waits for the next tick, not for a whole interval.
 */
export const LIVE_FLUSH_MS = 200;
export const LIVE_TICK_MS = 50;
