import { z } from 'zod';

/**
 * VDA 5050 2.0 message shapes. The published ones are strict so a test fails when the simulator sends a field
 * the spec does not name; the received ones are loose because a master control may add its own fields.
 */
export const VDA_VERSION = '2.0.0';

const header = {
  headerId: z.int().nonnegative(),
  timestamp: z.iso.datetime(),
  version: z.literal(VDA_VERSION),
  manufacturer: z.string().min(1),
  serialNumber: z.string().min(1),
};

export const connectionStateSchema = z.enum(['ONLINE', 'OFFLINE', 'CONNECTIONBROKEN']);
export const connectionSchema = z.strictObject({ ...header, connectionState: connectionStateSchema });

export const agvPositionSchema = z.strictObject({
  x: z.number(),
  y: z.number(),
  theta: z.number().min(-Math.PI).max(Math.PI),
  mapId: z.string().min(1),
  positionInitialized: z.boolean(),
  localizationScore: z.number().min(0).max(1).optional(),
  deviationRange: z.number().optional(),
});

export const velocitySchema = z.strictObject({ vx: z.number(), vy: z.number(), omega: z.number() });

export const visualizationSchema = z.strictObject({
  ...header,
  agvPosition: agvPositionSchema.optional(),
  velocity: velocitySchema.optional(),
});

export const nodePositionSchema = z.object({
  x: z.number(),
  y: z.number(),
  theta: z.number().optional(),
  mapId: z.string().min(1),
  allowedDeviationXY: z.number().optional(),
  allowedDeviationTheta: z.number().optional(),
  mapDescription: z.string().optional(),
});

export const actionStatusSchema = z.enum([
  'WAITING',
  'INITIALIZING',
  'RUNNING',
  'PAUSED',
  'FINISHED',
  'FAILED',
]);
export const actionStateSchema = z.strictObject({
  actionId: z.string().min(1),
  actionType: z.string().optional(),
  actionDescription: z.string().optional(),
  actionStatus: actionStatusSchema,
  resultDescription: z.string().optional(),
});

export const errorReferenceSchema = z.strictObject({ referenceKey: z.string(), referenceValue: z.string() });
export const vdaErrorSchema = z.strictObject({
  errorType: z.string().min(1),
  errorReferences: z.array(errorReferenceSchema).optional(),
  errorDescription: z.string().optional(),
  errorLevel: z.enum(['WARNING', 'FATAL']),
});

export const stateSchema = z.strictObject({
  ...header,
  orderId: z.string(),
  orderUpdateId: z.int().nonnegative(),
  zoneSetId: z.string().optional(),
  lastNodeId: z.string(),
  lastNodeSequenceId: z.int().nonnegative(),
  driving: z.boolean(),
  paused: z.boolean().optional(),
  newBaseRequest: z.boolean().optional(),
  distanceSinceLastNode: z.number().nonnegative().optional(),
  operatingMode: z.enum(['AUTOMATIC', 'SEMIAUTOMATIC', 'MANUAL', 'SERVICE', 'TEACHIN']),
  nodeStates: z.array(
    z.strictObject({
      nodeId: z.string(),
      sequenceId: z.int().nonnegative(),
      released: z.boolean(),
      nodeDescription: z.string().optional(),
      nodePosition: nodePositionSchema.optional(),
    }),
  ),
  edgeStates: z.array(
    z.strictObject({
      edgeId: z.string(),
      sequenceId: z.int().nonnegative(),
      released: z.boolean(),
      edgeDescription: z.string().optional(),
    }),
  ),
  agvPosition: agvPositionSchema.optional(),
  velocity: velocitySchema.optional(),
  loads: z.array(z.object({})).optional(),
  actionStates: z.array(actionStateSchema),
  batteryState: z.strictObject({
    batteryCharge: z.number().min(0).max(100),
    batteryVoltage: z.number().optional(),
    batteryHealth: z.number().min(0).max(100).optional(),
    charging: z.boolean(),
    reach: z.number().nonnegative().optional(),
  }),
  errors: z.array(vdaErrorSchema),
  information: z
    .array(
      z.strictObject({
        infoType: z.string(),
        infoDescription: z.string().optional(),
        infoLevel: z.enum(['INFO', 'DEBUG']),
      }),
    )
    .optional(),
  safetyState: z.strictObject({
    eStop: z.enum(['AUTOACK', 'MANUAL', 'REMOTE', 'NONE']),
    fieldViolation: z.boolean(),
  }),
});

const actionScope = z.enum(['INSTANT', 'NODE', 'EDGE']);
export const factsheetSchema = z.strictObject({
  ...header,
  typeSpecification: z.strictObject({
    seriesName: z.string(),
    seriesDescription: z.string().optional(),
    agvKinematic: z.enum(['DIFF', 'OMNI', 'THREEWHEEL']),
    agvClass: z.enum(['FORKLIFT', 'CONVEYOR', 'TUGGER', 'CARRIER']),
    maxLoadMass: z.number().nonnegative(),
    localizationTypes: z.array(z.enum(['NATURAL', 'REFLECTOR', 'RFID', 'DMC', 'SPOT', 'GRID'])),
    navigationTypes: z.array(z.enum(['PHYSICAL_LINE_GUIDED', 'VIRTUAL_LINE_GUIDED', 'AUTONOMOUS'])),
  }),
  physicalParameters: z.strictObject({
    speedMin: z.number(),
    speedMax: z.number(),
    accelerationMax: z.number(),
    decelerationMax: z.number(),
    heightMin: z.number().optional(),
    heightMax: z.number(),
    width: z.number(),
    length: z.number(),
  }),
  protocolLimits: z.strictObject({
    maxStringLens: z.record(z.string(), z.union([z.number(), z.boolean()])),
    maxArrayLens: z.record(z.string(), z.number()),
    timing: z.strictObject({
      minOrderInterval: z.number(),
      minStateInterval: z.number(),
      defaultStateInterval: z.number().optional(),
      visualizationInterval: z.number().optional(),
    }),
  }),
  protocolFeatures: z.strictObject({
    optionalParameters: z.array(
      z.strictObject({
        parameter: z.string(),
        support: z.enum(['SUPPORTED', 'REQUIRED']),
        description: z.string().optional(),
      }),
    ),
    agvActions: z.array(
      z.strictObject({
        actionType: z.string(),
        actionDescription: z.string().optional(),
        actionScopes: z.array(actionScope).min(1),
        actionParameters: z
          .array(
            z.strictObject({
              key: z.string(),
              valueDataType: z.enum(['BOOL', 'NUMBER', 'INTEGER', 'FLOAT', 'STRING', 'OBJECT', 'ARRAY']),
              description: z.string().optional(),
              isOptional: z.boolean().optional(),
            }),
          )
          .optional(),
        resultDescription: z.string().optional(),
      }),
    ),
  }),
  agvGeometry: z.strictObject({
    envelopes2d: z
      .array(
        z.strictObject({
          set: z.string(),
          polygonPoints: z.array(z.strictObject({ x: z.number(), y: z.number() })),
          description: z.string().optional(),
        }),
      )
      .optional(),
  }),
  loadSpecification: z.strictObject({ loadPositions: z.array(z.string()).optional() }),
});

/** Received from the master control: loose on purpose (extra fields are ignored, never a reason to refuse). */
export const actionSchema = z.object({
  actionId: z.string().min(1),
  actionType: z.string().min(1),
  actionDescription: z.string().optional(),
  blockingType: z.enum(['NONE', 'SOFT', 'HARD']),
  actionParameters: z
    .array(
      z.object({
        key: z.string(),
        value: z.union([z.string(), z.number(), z.boolean(), z.array(z.unknown())]),
      }),
    )
    .optional(),
});

export const orderSchema = z.object({
  headerId: z.int().optional(),
  timestamp: z.string().optional(),
  version: z.string().optional(),
  manufacturer: z.string().optional(),
  serialNumber: z.string().optional(),
  orderId: z.string().min(1),
  orderUpdateId: z.int().nonnegative(),
  zoneSetId: z.string().optional(),
  nodes: z
    .array(
      z.object({
        nodeId: z.string().min(1),
        sequenceId: z.int().nonnegative(),
        released: z.boolean(),
        nodeDescription: z.string().optional(),
        nodePosition: nodePositionSchema.optional(),
        actions: z.array(actionSchema).default([]),
      }),
    )
    .min(1),
  edges: z.array(
    z.object({
      edgeId: z.string().min(1),
      sequenceId: z.int().nonnegative(),
      released: z.boolean(),
      startNodeId: z.string(),
      endNodeId: z.string(),
      edgeDescription: z.string().optional(),
      maxSpeed: z.number().positive().optional(),
      actions: z.array(actionSchema).default([]),
    }),
  ),
});

/**
 * The spec names the list `actions`; vda-5050-lib (and VDA 5050 1.1) call it `instantActions`. Both are
 * accepted so either kind of master control can command the simulator.
 */
export const instantActionsSchema = z
  .object({
    headerId: z.int().optional(),
    actions: z.array(actionSchema).optional(),
    instantActions: z.array(actionSchema).optional(),
  })
  .refine((m) => m.actions !== undefined || m.instantActions !== undefined, {
    message: 'actions is required',
    path: ['actions'],
  })
  .transform((m) => [...(m.actions ?? []), ...(m.instantActions ?? [])]);

export type ConnectionMessage = z.infer<typeof connectionSchema>;
export type ConnectionState = z.infer<typeof connectionStateSchema>;
export type StateMessage = z.infer<typeof stateSchema>;
export type VisualizationMessage = z.infer<typeof visualizationSchema>;
export type FactsheetMessage = z.infer<typeof factsheetSchema>;
export type ActionState = z.infer<typeof actionStateSchema>;
export type VdaError = z.infer<typeof vdaErrorSchema>;
export type Order = z.infer<typeof orderSchema>;
export type OrderInput = z.input<typeof orderSchema>;
export type InstantAction = z.infer<typeof actionSchema>;
