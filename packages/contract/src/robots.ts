import { z } from 'zod';
import { idParam, nothing } from './envelope.js';
import { connectionState, liveRobot, robotStatus } from './live/index.js';
import { defineRoute } from './route.js';
import { text } from './text.js';

/** Topic levels of VDA 5050: no MQTT separators or wildcards. */
const topicLevel = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, '1–64 letters, digits, _ . : or -');

const robotFields = {
  name: text({ min: 1, max: 80 }),
  model: text({ min: 1, max: 80 }),
  buildingId: z.uuid().nullable().optional(),
  /** Longer than this without a message and the robot shows as stale. */
  expectedIntervalSeconds: z.int().min(1).max(3600).optional(),
};

export const registerRobotBody = z.object({
  ...robotFields,
  manufacturer: topicLevel,
  serialNumber: topicLevel,
});
export const editRobotBody = z.object({
  id: z.uuid(),
  name: robotFields.name.optional(),
  model: robotFields.model.optional(),
  buildingId: robotFields.buildingId,
  expectedIntervalSeconds: robotFields.expectedIntervalSeconds,
});

/** Shown once, when a robot is registered or its password renewed; the server keeps only a hash. */
export const robotCredentials = z.object({
  username: z.string(),
  password: z.string(),
  /** `uagv/v2/{manufacturer}/{serialNumber}`: the robot's topics are below it. */
  topicPrefix: z.string(),
  /** Where the embedded broker listens (null when an external broker is used). */
  mqttPort: z.int().nullable(),
});
export type RobotCredentials = z.infer<typeof robotCredentials>;

export const COMMAND_TYPES = [
  'pause',
  'resume',
  'cancel',
  'charge',
  'stopCharging',
  'requestState',
  'goTo',
] as const;
export const commandType = z.enum(COMMAND_TYPES);
export type CommandType = z.infer<typeof commandType>;

export const COMMAND_STATUSES = ['sent', 'running', 'finished', 'failed', 'timedOut'] as const;
export const commandStatus = z.enum(COMMAND_STATUSES);

export const robotCommand = z.object({
  id: z.uuid(),
  robotId: z.uuid(),
  type: commandType,
  status: commandStatus,
  /** The VDA 5050 actionId or orderId the robot reports progress under. */
  reference: z.string(),
  detail: z.string().nullable(),
  issuedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The API application that sent it, when no person did. */
  issuedByApp: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type RobotCommand = z.infer<typeof robotCommand>;

export const sendCommandBody = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['pause', 'resume', 'cancel', 'charge', 'stopCharging', 'requestState']) }),
  z
    .object({
      type: z.literal('goTo'),
      /** A point on the robot's current floor, in metres of the floor map. */
      target: z
        .object({
          x: z.number().finite(),
          y: z.number().finite(),
          theta: z.number().finite().default(0),
          name: text({ min: 1, max: 80 }).default('target'),
        })
        .optional(),
      /** A station of the robot's building: the server sends the robot to its floor, position and heading. */
      stationId: z.uuid().optional(),
    })
    .refine((v) => (v.target === undefined) !== (v.stationId === undefined), {
      path: ['stationId'],
      message: 'give either target or stationId',
    }),
]);
/** A command as the console sends it (before defaults: a goTo target's heading and name may be left out). */
export type CommandInput = z.input<typeof sendCommandBody>;

export const HISTORY_HOURS_MAX = 72;
/** The 24 h chart needs no more points than a screen has pixels; more samples are thinned on the server. */
export const HISTORY_POINTS_MAX = 500;

export const robotHistorySample = z.object({
  at: z.iso.datetime(),
  status: robotStatus,
  battery: z.number().nullable(),
  charging: z.boolean(),
  connection: connectionState.nullable(),
});
export const robotHistory = z.object({
  robotId: z.uuid(),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  /** Oldest first; when thinned, each is the last sample of its slice of time. */
  samples: z.array(robotHistorySample),
});
export type RobotHistory = z.infer<typeof robotHistory>;

/** A command not mentioned by the robot within this time is reported as timed out. */
export const COMMAND_TIMEOUT_MS = 10_000;

export const robotRoutes = {
  listRobots: defineRoute({
    id: 'listRobots',
    method: 'GET',
    path: '/opt/v1/robot/list',
    auth: 'user',
    area: 'robots',
    summary: 'Every robot of the company with its live state',
    query: z.object({ buildingId: z.uuid().optional() }),
    data: z.array(liveRobot),
  }),
  getRobot: defineRoute({
    id: 'getRobot',
    method: 'GET',
    path: '/opt/v1/robot/:id',
    auth: 'user',
    area: 'robots',
    summary: 'One robot of the company with its live state',
    params: idParam,
    data: liveRobot,
  }),
  registerRobot: defineRoute({
    id: 'registerRobot',
    method: 'POST',
    path: '/opt/v1/robot',
    auth: 'user',
    area: 'robots',
    summary: 'Register a robot; its MQTT credentials are shown once',
    body: registerRobotBody,
    data: z.object({ robot: liveRobot, credentials: robotCredentials }),
  }),
  editRobot: defineRoute({
    id: 'editRobot',
    method: 'PUT',
    path: '/opt/v1/robot',
    auth: 'user',
    area: 'robots',
    summary: 'Rename a robot, change its model, building or expected message interval',
    body: editRobotBody,
    data: liveRobot,
  }),
  removeRobot: defineRoute({
    id: 'removeRobot',
    method: 'DELETE',
    path: '/opt/v1/robot/:id',
    auth: 'user',
    area: 'robots',
    summary: 'Remove a robot; its credentials stop working at once',
    params: idParam,
    data: nothing,
  }),
  renewRobotCredentials: defineRoute({
    id: 'renewRobotCredentials',
    method: 'POST',
    path: '/opt/v1/robot/:id/credentials',
    auth: 'user',
    area: 'robots',
    summary: 'Give a robot a new MQTT password; the old one stops working',
    params: idParam,
    data: robotCredentials,
  }),
  sendCommand: defineRoute({
    id: 'sendCommand',
    method: 'POST',
    path: '/opt/v1/robot/:id/command',
    auth: 'user',
    area: 'robots',
    summary:
      'Pause, resume, cancel, charge, request state, or go to a point or a station; recorded and audited',
    params: idParam,
    body: sendCommandBody,
    data: robotCommand,
  }),
  listCommands: defineRoute({
    id: 'listCommands',
    method: 'GET',
    path: '/opt/v1/robot/:id/commands',
    auth: 'user',
    area: 'robots',
    summary: 'The robot’s latest commands with their progress, newest first',
    params: idParam,
    data: z.array(robotCommand),
  }),
  robotHistory: defineRoute({
    id: 'robotHistory',
    method: 'GET',
    path: '/opt/v1/robot/:id/history',
    auth: 'user',
    area: 'robots',
    summary: `The robot’s status, battery and connection over the last hours (at most ${HISTORY_HOURS_MAX}), oldest first, at most ${HISTORY_POINTS_MAX} points`,
    params: idParam,
    query: z.object({
      hours: z.coerce
        .number()
        .int('whole hours')
        .min(1, 'at least 1')
        .max(HISTORY_HOURS_MAX, `at most ${HISTORY_HOURS_MAX}`)
        .default(24),
    }),
    data: robotHistory,
  }),
};
