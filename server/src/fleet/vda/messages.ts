import { actionState, connectionState, robotError } from '@fleet/contract';
import { z } from 'zod';

/*
 * The parts of VDA 5050 2.0 messages the console reads. Unknown fields pass (robots send more than we use);
 * a wrong type in a field we read drops the message.
 */

const header = {
  headerId: z.number().int().nonnegative(),
  timestamp: z.string().max(40),
  version: z.string().max(20),
  manufacturer: z.string().max(64),
  serialNumber: z.string().max(64),
};

const finite = z.number().finite();

export const vdaConnection = z.looseObject({ ...header, connectionState });

export const vdaPosition = z.looseObject({
  x: finite,
  y: finite,
  theta: finite,
  mapId: z.string().max(100),
  positionInitialized: z.boolean().optional(),
});

export const vdaVelocity = z.looseObject({
  vx: finite.optional(),
  vy: finite.optional(),
  omega: finite.optional(),
});

export const vdaState = z.looseObject({
  ...header,
  orderId: z.string().max(200),
  orderUpdateId: z.number().int().nonnegative(),
  lastNodeId: z.string().max(200),
  lastNodeSequenceId: z.number().int().nonnegative(),
  nodeStates: z.array(z.looseObject({ nodeId: z.string(), sequenceId: z.number() })).max(10_000),
  edgeStates: z.array(z.looseObject({ edgeId: z.string(), sequenceId: z.number() })).max(10_000),
  agvPosition: vdaPosition.optional(),
  velocity: vdaVelocity.optional(),
  driving: z.boolean(),
  paused: z.boolean().optional(),
  operatingMode: z.string().max(40),
  batteryState: z.looseObject({ batteryCharge: finite, charging: z.boolean() }),
  errors: z.array(z.looseObject(robotError.shape)).max(200),
  actionStates: z.array(z.looseObject(actionState.shape)).max(1000),
  safetyState: z.looseObject({ eStop: z.string(), fieldViolation: z.boolean() }).optional(),
});
export type VdaState = z.infer<typeof vdaState>;

export const vdaVisualization = z.looseObject({
  ...header,
  agvPosition: vdaPosition.optional(),
  velocity: vdaVelocity.optional(),
});

export const vdaFactsheet = z.looseObject({ ...header });

/** Messages larger than this are dropped before parsing. */
export const MAX_MESSAGE_BYTES = 256 * 1024;
