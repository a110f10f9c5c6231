import { z } from 'zod';
import { idParam } from '../envelope.js';
import { defineRoute } from '../route.js';
import { rawText, text } from '../text.js';
import { floorCode } from './link.js';
import { liftLiveView } from './live-lift.js';

/*
 * Operating lifts (/elevator): their live state with who holds each and who waits, operators' commands, test
 * calls, the log of what happened and the history of their configuration.
 */

/** Why an operator acts: kept in the lift log and the audit log. */
const reason = text({ min: 1, max: 200 });

export const LIFT_COMMAND_TYPES = [
  'call',
  'doors',
  'robotMode',
  'endSession',
  'forceRelease',
  'outOfService',
] as const;

/**
 * An operator's command. `call` brings the car to a floor with its doors open (an operator session, robot mode on);
 * `doors` opens, holds or closes them where the car stands (in robot mode); `robotMode` reserves the car or gives it
 * back to passengers; `endSession` ends the operator's own or a test session; `forceRelease` ends any session,
 * a robot's ride included; `outOfService` takes the lift out of (or back into) robot service.
 */
export const liftCommandBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('call'), floorCode, reason }),
  z.object({ type: z.literal('doors'), action: z.enum(['open', 'hold', 'close']), reason }),
  z.object({ type: z.literal('robotMode'), on: z.boolean(), reason }),
  z.object({ type: z.literal('endSession'), reason }),
  z.object({ type: z.literal('forceRelease'), reason }),
  z.object({ type: z.literal('outOfService'), on: z.boolean(), reason }),
]);
export type LiftCommandBody = z.infer<typeof liftCommandBody>;

export const testCallResult = z.object({
  passed: z.boolean(),
  floor: z.string(),
  latencyMs: z.int().nullable(),
  firstAnswerMs: z.int().nullable(),
  reason: z.string().nullable(),
  /** What the lift reported when the call ended. */
  report: z.record(z.string(), z.unknown()).nullable(),
  testedAt: z.iso.datetime(),
});
export type TestCallResultDto = z.infer<typeof testCallResult>;

export const LIFT_EVENT_KINDS = [
  'waiting',
  'call',
  'arrival',
  'boarded',
  'doorHold',
  'exited',
  'rideFailed',
  'sessionEnded',
  'forceRelease',
  'orphanReleased',
  'testCall',
  'testPassed',
  'testFailed',
  'command',
] as const;

export const liftEvent = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  kind: z.string(),
  sessionId: z.uuid().nullable(),
  robotId: z.uuid().nullable(),
  actorId: z.uuid().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type LiftEvent = z.infer<typeof liftEvent>;

export const liftConfigChange = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  version: z.int(),
  liftId: z.uuid().nullable(),
  actor: z.object({ id: z.uuid().nullable(), name: z.string() }),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
});
export type LiftConfigChange = z.infer<typeof liftConfigChange>;

export const liftOperateRoutes = {
  listLiveLifts: defineRoute({
    id: 'listLiveLifts',
    method: 'GET',
    path: '/opt/v1/lift/live',
    auth: 'user',
    area: 'lifts',
    summary: 'The company’s lifts as they are now, of one building or all, with who holds each and who waits',
    query: z.object({ buildingId: z.uuid().optional() }),
    data: z.array(liftLiveView),
  }),
  liftCommand: defineRoute({
    id: 'liftCommand',
    method: 'POST',
    path: '/opt/v1/lift/:id/command',
    auth: 'user',
    area: 'lifts',
    summary:
      'An operator’s command to a lift (call, doors, robot mode, end or force-release a session, service)',
    params: idParam,
    body: liftCommandBody,
    data: liftLiveView,
  }),
  testLiftCall: defineRoute({
    id: 'testLiftCall',
    method: 'POST',
    path: '/opt/v1/lift/:id/test-call',
    auth: 'user',
    area: 'lifts',
    summary: 'Call the car to a floor, wait for its doors to open, read the state back and release it',
    params: idParam,
    body: z.object({ floorCode }),
    data: testCallResult,
  }),
  liftEvents: defineRoute({
    id: 'liftEvents',
    method: 'GET',
    path: '/opt/v1/lift/:id/events',
    auth: 'user',
    area: 'lifts',
    summary:
      'What happened at a lift, newest first: calls, arrivals, door holds, timeouts, releases, commands',
    params: idParam,
    query: z.object({
      kinds: rawText(400).optional(),
      from: z.iso.datetime({ offset: true }).optional(),
      to: z.iso.datetime({ offset: true }).optional(),
      page: z.coerce.number().int().min(1).max(10_000).default(1),
    }),
    data: z.object({ list: z.array(liftEvent), hasMore: z.boolean() }),
  }),
  liftBankHistory: defineRoute({
    id: 'liftBankHistory',
    method: 'GET',
    path: '/opt/v1/lift/bank/:id/history',
    auth: 'user',
    area: 'lifts',
    summary: 'Every version of a bank’s configuration and its lifts’: who changed what, when',
    params: idParam,
    data: z.array(liftConfigChange),
  }),
};
