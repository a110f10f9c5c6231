import { z } from 'zod';
import { text } from '../text.js';

/*
 * The lift link: what a lift gateway (a vendor adapter or a relay box) and the console say to each other over
 * MQTT. Modelled on Open-RMF's LiftState and LiftRequest, in VDA 5050's JSON style (camelCase, ISO times).
 * docs/protocols.md describes the topics; this file is the one definition of their payloads.
 */

export const LIFT_DOOR_STATES = ['closed', 'moving', 'open'] as const;
export const liftDoorState = z.enum(LIFT_DOOR_STATES);
export type LiftDoorState = z.infer<typeof liftDoorState>;

export const LIFT_MOTIONS = ['stopped', 'up', 'down', 'unknown'] as const;
export const liftMotion = z.enum(LIFT_MOTIONS);
export type LiftMotion = z.infer<typeof liftMotion>;

/** `agv`: the car serves the session holder only; `fire`, `emergency`, `offline`: no robot may use it. */
export const LIFT_MODES = ['unknown', 'human', 'agv', 'fire', 'offline', 'emergency'] as const;
export const liftMode = z.enum(LIFT_MODES);
export type LiftMode = z.infer<typeof liftMode>;

/** Modes in which the console sends no request and opens no session. */
export const LIFT_ALARM_MODES: readonly LiftMode[] = ['fire', 'emergency', 'offline'];

export const LIFT_REQUEST_TYPES = ['agvMode', 'humanMode', 'endSession'] as const;
export const liftRequestType = z.enum(LIFT_REQUEST_TYPES);
export type LiftRequestType = z.infer<typeof liftRequestType>;

/** A topic level naming a gateway or a lift: no MQTT separators or wildcards. */
export const LIFT_TOPIC_LEVEL = /^[A-Za-z0-9_.-]{1,64}$/;
export const liftTopicLevel = z.string().regex(LIFT_TOPIC_LEVEL, '1–64 letters, digits, _ . or -');

/**
 * A floor as the lift's vendor names it: always a string, so "B1", "0", "12A" and "-2" are all floor codes and
 * none is read as a number.
 */
export const floorCode = text({ min: 1, max: 16 });

/** Published by the gateway for each lift at least once a second and on every change. */
export const liftState = z.object({
  liftName: liftTopicLevel,
  availableFloors: z.array(floorCode).min(1).max(256),
  currentFloor: floorCode,
  /** Where the car is going; null when it is not going anywhere. */
  destinationFloor: floorCode.nullable(),
  doorState: liftDoorState,
  motion: liftMotion,
  availableModes: z.array(liftMode).max(LIFT_MODES.length),
  currentMode: liftMode,
  /** The session the car serves in `agv` mode (the console's), null when none. */
  sessionId: z.string().min(1).max(64).nullable(),
  timestamp: z.iso.datetime({ offset: true }),
});
export type LiftState = z.infer<typeof liftState>;

/**
 * Sent by the console. `agvMode` opens or continues a session: the car goes to `destinationFloor` and sets its
 * doors to `doorState` there. `endSession` releases the car. Answered only by the states that follow.
 */
export const liftRequest = z.object({
  sessionId: z.string().min(1).max(64),
  requestType: liftRequestType,
  destinationFloor: floorCode.optional(),
  doorState: z.enum(['closed', 'open']).optional(),
  timestamp: z.iso.datetime({ offset: true }),
});
export type LiftRequest = z.infer<typeof liftRequest>;

export const GATEWAY_CONNECTION_STATES = ['ONLINE', 'OFFLINE', 'CONNECTIONBROKEN'] as const;

/** The gateway's own line, retained, with `CONNECTIONBROKEN` as its last will (as robots do in VDA 5050). */
export const gatewayConnection = z.object({
  connectionState: z.enum(GATEWAY_CONNECTION_STATES),
  timestamp: z.iso.datetime({ offset: true }),
});
export type GatewayConnection = z.infer<typeof gatewayConnection>;

/** Larger lift messages are refused unread. */
export const MAX_LIFT_MESSAGE_BYTES = 64 * 1024;
