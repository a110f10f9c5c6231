import { z } from 'zod';
import { liftDoorState, liftMode, liftMotion } from './link.js';

/** Why a lift takes no robot now; null when it may. */
export const LIFT_BLOCKS = [
  'noState',
  'stale',
  'gatewayOffline',
  'fire',
  'emergency',
  'offline',
  'outOfService',
  'notEnabled',
] as const;
export const liftBlock = z.enum(LIFT_BLOCKS);
export type LiftBlock = z.infer<typeof liftBlock>;

/** What the lift last reported, as the console shows it. */
export const liftReport = z.object({
  availableFloors: z.array(z.string()),
  currentFloor: z.string(),
  destinationFloor: z.string().nullable(),
  doorState: liftDoorState,
  motion: liftMotion,
  availableModes: z.array(liftMode),
  currentMode: liftMode,
  sessionId: z.string().nullable(),
});
export type LiftReport = z.infer<typeof liftReport>;

/** The live state of one lift as the browser receives it. */
export const liveLift = z.object({
  id: z.uuid(),
  bankId: z.uuid(),
  buildingId: z.uuid(),
  name: z.string(),
  gatewayId: z.string(),
  /** The gateway's own connection line; null before it said anything. */
  gatewayOnline: z.boolean().nullable(),
  report: liftReport.nullable(),
  /** When the last state arrived. */
  reportedAt: z.iso.datetime().nullable(),
  /** No state for longer than three state intervals. */
  stale: z.boolean(),
  enabledForRobots: z.boolean(),
  outOfService: z.boolean(),
  /** Why no robot may use the lift now (the first reason that applies), or null. */
  blocked: liftBlock.nullable(),
});
export type LiveLift = z.infer<typeof liveLift>;

export const SESSION_PURPOSES = ['ride', 'test', 'operator'] as const;

/** A lift as /elevator shows it: its live state, who holds it, and the robots waiting for it. */
export const liftLiveView = liveLift.extend({
  holder: z
    .object({
      sessionId: z.string(),
      purpose: z.enum(SESSION_PURPOSES),
      robotIds: z.array(z.uuid()),
      since: z.iso.datetime(),
      deadline: z.iso.datetime(),
      openedBy: z.uuid().nullable(),
    })
    .nullable(),
  waiting: z.array(z.object({ robotId: z.uuid(), since: z.iso.datetime(), note: z.string().nullable() })),
});
export type LiftLiveView = z.infer<typeof liftLiveView>;
