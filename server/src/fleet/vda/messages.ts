import { actionState, connectionState, robotError } from '@fleet/contract';
import { z } from 'zod';

/*
 * The parts of VDA 5050 2.0 messages the console reads. Unknown fields are allowed and left out of the result
 * (robots send more than we use, and leaving them out lets zod take its compiled path: at 30,000 messages a
 * second, copying them cost a fifth of the validation); a wrong type in a field we read drops the message.
 */

/**
 * How long the texts and lists the console reads may be: the schema's limits, which the hand-written readers
 * (read-state.ts, read-visualization.ts, wasm-reader.ts) check as well.
 */
export const VDA_LIMITS = {
  timestamp: 40,
  version: 20,
  manufacturer: 64,
  serialNumber: 64,
  mapId: 100,
  orderId: 200,
  lastNodeId: 200,
  operatingMode: 40,
  pathStates: 10_000,
  errors: 200,
  errorReferences: 50,
  actionStates: 1000,
} as const;
const L = VDA_LIMITS;

const header = {
  headerId: z.number().int().nonnegative(),
  timestamp: z.string().max(L.timestamp),
  version: z.string().max(L.version),
  manufacturer: z.string().max(L.manufacturer),
  serialNumber: z.string().max(L.serialNumber),
};

const finite = z.number().finite();

export const vdaConnection = z.object({ ...header, connectionState });

export const vdaPosition = z.object({
  x: finite,
  y: finite,
  theta: finite,
  mapId: z.string().max(L.mapId),
  positionInitialized: z.boolean().optional(),
});

export const vdaVelocity = z.object({
  vx: finite.optional(),
  vy: finite.optional(),
  omega: finite.optional(),
});

export const vdaState = z.object({
  ...header,
  orderId: z.string().max(L.orderId),
  orderUpdateId: z.number().int().nonnegative(),
  lastNodeId: z.string().max(L.lastNodeId),
  lastNodeSequenceId: z.number().int().nonnegative(),
  nodeStates: z.array(z.object({ nodeId: z.string(), sequenceId: z.number() })).max(L.pathStates),
  edgeStates: z.array(z.object({ edgeId: z.string(), sequenceId: z.number() })).max(L.pathStates),
  agvPosition: vdaPosition.optional(),
  velocity: vdaVelocity.optional(),
  driving: z.boolean(),
  paused: z.boolean().optional(),
  operatingMode: z.string().max(L.operatingMode),
  batteryState: z.object({ batteryCharge: finite, charging: z.boolean() }),
  errors: z
    .array(
      z.object({
        errorType: robotError.shape.errorType,
        errorLevel: robotError.shape.errorLevel,
        errorDescription: robotError.shape.errorDescription,
        errorReferences: z
          .array(z.object({ referenceKey: z.string(), referenceValue: z.string() }))
          .max(L.errorReferences)
          .optional(),
      }),
    )
    .max(L.errors),
  actionStates: z.array(z.object(actionState.shape)).max(L.actionStates),
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
