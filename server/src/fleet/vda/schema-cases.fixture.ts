/*
 * Cases for holding a hand-written message check to its zod schema: every field of a valid sample replaced in
 * turn by values that are missing, empty, out of range or of the wrong type, and both must agree on each.
 */

/** Values every field is tried with; a test adds the ones its own limits and enums need. */
export const ODD_VALUES: readonly unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  2 ** 60,
  Number.POSITIVE_INFINITY,
  Number.NaN,
  '',
  'text',
  'x'.repeat(41),
  true,
  [],
  {},
];

/**
 * A copy of `sample` with the value at `path` (dot-separated, list items by index) replaced; the objects and
 * lists on the way are copied, so the sample itself is not changed.
 */
export function withValue(
  sample: Record<string, unknown>,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const m = { ...sample };
  const keys = path.split('.');
  let at: Record<string, unknown> = m;
  for (const k of keys.slice(0, -1)) {
    const inner = Array.isArray(at[k]) ? [...(at[k] as unknown[])] : { ...(at[k] as object) };
    at[k] = inner;
    at = inner as Record<string, unknown>;
  }
  at[keys.at(-1) ?? ''] = value;
  return m;
}

/** A valid state message with every field the console reads, and fields it does not. */
export const stateSample = (): Record<string, unknown> => ({
  headerId: 7,
  timestamp: '2026-11-22T10:00:00.000Z',
  version: '2.0.0',
  manufacturer: 'fleetsim',
  serialNumber: 'SIM-1',
  orderId: 'order-1',
  orderUpdateId: 0,
  lastNodeId: 'n1',
  lastNodeSequenceId: 2,
  nodeStates: [{ nodeId: 'n2', sequenceId: 4, released: true }],
  edgeStates: [{ edgeId: 'e1', sequenceId: 3, released: true }],
  agvPosition: { x: 1.5, y: -2, theta: 3.1, mapId: 'floor-1', positionInitialized: true },
  velocity: { vx: 0.5, vy: 0, omega: -0.1 },
  driving: true,
  paused: false,
  operatingMode: 'AUTOMATIC',
  batteryState: { batteryCharge: 80.5, charging: false },
  errors: [
    {
      errorType: 'obstacleDetected',
      errorLevel: 'WARNING',
      errorDescription: 'box',
      errorReferences: [{ referenceKey: 'actionId', referenceValue: 'a1' }],
    },
  ],
  actionStates: [{ actionId: 'a1', actionType: 'pick', actionStatus: 'RUNNING', resultDescription: '' }],
  safetyState: { eStop: 'NONE', fieldViolation: false },
  loads: [],
  vendorField: { anything: true },
});

/** Every field path of the sample (list items by index), with the values to put there instead. */
export const STATE_PATHS = [
  'headerId',
  'timestamp',
  'version',
  'manufacturer',
  'serialNumber',
  'orderId',
  'orderUpdateId',
  'lastNodeId',
  'lastNodeSequenceId',
  'nodeStates',
  'nodeStates.0',
  'nodeStates.0.nodeId',
  'nodeStates.0.sequenceId',
  'edgeStates',
  'edgeStates.0',
  'edgeStates.0.edgeId',
  'edgeStates.0.sequenceId',
  'agvPosition',
  'agvPosition.x',
  'agvPosition.mapId',
  'agvPosition.positionInitialized',
  'velocity',
  'velocity.omega',
  'driving',
  'paused',
  'operatingMode',
  'batteryState',
  'batteryState.batteryCharge',
  'batteryState.charging',
  'errors',
  'errors.0',
  'errors.0.errorType',
  'errors.0.errorLevel',
  'errors.0.errorDescription',
  'errors.0.errorReferences',
  'errors.0.errorReferences.0',
  'errors.0.errorReferences.0.referenceKey',
  'errors.0.errorReferences.0.referenceValue',
  'actionStates',
  'actionStates.0',
  'actionStates.0.actionId',
  'actionStates.0.actionType',
  'actionStates.0.actionStatus',
  'actionStates.0.resultDescription',
  'safetyState',
  'safetyState.eStop',
  'safetyState.fieldViolation',
];
export const STATE_VALUES: unknown[] = [
  ...ODD_VALUES,
  'WARNING',
  'FATAL',
  'FINISHED',
  'x'.repeat(201),
  Array.from({ length: 201 }, () => ({ errorType: 'x', errorLevel: 'WARNING' })),
];

/** A valid visualization message, with fields the console does not read. */
export const visualizationSample = (): Record<string, unknown> => ({
  headerId: 7,
  timestamp: '2026-11-22T10:00:00.000Z',
  version: '2.0.0',
  manufacturer: 'fleetsim',
  serialNumber: 'SIM-1',
  agvPosition: { x: 1.5, y: -2, theta: 3.1, mapId: 'floor-1', positionInitialized: true, extra: 1 },
  velocity: { vx: 0.5, vy: 0, omega: -0.1 },
  vendorField: { anything: true },
});

/** Every field path of the sample, with the values to put there instead. */
export const VISUALIZATION_PATHS = [
  'headerId',
  'timestamp',
  'version',
  'manufacturer',
  'serialNumber',
  'agvPosition',
  'agvPosition.x',
  'agvPosition.y',
  'agvPosition.theta',
  'agvPosition.mapId',
  'agvPosition.positionInitialized',
  'velocity',
  'velocity.vx',
  'velocity.vy',
  'velocity.omega',
];
export const VISUALIZATION_VALUES: unknown[] = [...ODD_VALUES, 'x'.repeat(101)];
