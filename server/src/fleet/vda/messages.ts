import { actionState, connectionState, robotError } from '@fleet/contract';
import { z } from 'zod';

/*
 * The parts of VDA 5050 2.0 messages the console reads. Unknown fields are allowed and left out of the result
 * (robots send more than we use, and leaving them out lets zod take its compiled path: at 30,000 messages a
 * second, copying them cost a fifth of the validation); a wrong type in a field we read drops the message.
 */

const header = {
  headerId: z.number().int().nonnegative(),
  timestamp: z.string().max(40),
  version: z.string().max(20),
  manufacturer: z.string().max(64),
  serialNumber: z.string().max(64),
};

const finite = z.number().finite();

export const vdaConnection = z.object({ ...header, connectionState });

export const vdaPosition = z.object({
  x: finite,
  y: finite,
  theta: finite,
  mapId: z.string().max(100),
  positionInitialized: z.boolean().optional(),
});

export const vdaVelocity = z.object({
  vx: finite.optional(),
  vy: finite.optional(),
  omega: finite.optional(),
});

export const vdaState = z.object({
  ...header,
  orderId: z.string().max(200),
  orderUpdateId: z.number().int().nonnegative(),
  lastNodeId: z.string().max(200),
  lastNodeSequenceId: z.number().int().nonnegative(),
  nodeStates: z.array(z.object({ nodeId: z.string(), sequenceId: z.number() })).max(10_000),
  edgeStates: z.array(z.object({ edgeId: z.string(), sequenceId: z.number() })).max(10_000),
  agvPosition: vdaPosition.optional(),
  velocity: vdaVelocity.optional(),
  driving: z.boolean(),
  paused: z.boolean().optional(),
  operatingMode: z.string().max(40),
  batteryState: z.object({ batteryCharge: finite, charging: z.boolean() }),
  errors: z
    .array(
      z.object({
        errorType: robotError.shape.errorType,
        errorLevel: robotError.shape.errorLevel,
        errorDescription: robotError.shape.errorDescription,
        errorReferences: z
          .array(z.object({ referenceKey: z.string(), referenceValue: z.string() }))
          .max(50)
          .optional(),
      }),
    )
    .max(200),
  actionStates: z.array(z.object(actionState.shape)).max(1000),
  safetyState: z.object({ eStop: z.string(), fieldViolation: z.boolean() }).optional(),
});
export type VdaState = z.infer<typeof vdaState>;

export const vdaVisualization = z.object({
  ...header,
  agvPosition: vdaPosition.optional(),
  velocity: vdaVelocity.optional(),
});

export type VdaVisualization = z.infer<typeof vdaVisualization>;

export const vdaFactsheet = z.object({ ...header });

/** Messages larger than this are dropped before parsing. */
export const MAX_MESSAGE_BYTES = 256 * 1024;
