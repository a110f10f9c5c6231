import { describe, expect, it } from 'vitest';
import { vdaState } from './messages.js';
import { readState } from './read-state.js';
import { ODD_VALUES, withValue as withValueAt } from './schema-cases.fixture.js';

const valid = () => ({
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
const PATHS = [
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
const VALUES: unknown[] = [
  ...ODD_VALUES,
  'WARNING',
  'FATAL',
  'FINISHED',
  'x'.repeat(201),
  Array.from({ length: 201 }, () => ({ errorType: 'x', errorLevel: 'WARNING' })),
];

const withValue = (path: string, value: unknown) => withValueAt(valid(), path, value);

describe('readState', () => {
  it('accepts a valid message as it is, without a copy', () => {
    const m = valid();
    expect(readState(m)).toBe(m);
  });

  it('gives the schema’s verdict for every field missing, mistyped or out of range', () => {
    let refused = 0;
    for (const path of PATHS)
      for (const value of VALUES) {
        const m = withValue(path, value);
        const zod = vdaState.safeParse(m).success;
        expect(readState(m) !== null, `${path} = ${JSON.stringify(value)?.slice(0, 40)}`).toBe(zod);
        if (!zod) refused++;
      }
    // The cases are not all accepted: the comparison above has refusals to agree on.
    expect(refused).toBeGreaterThan(PATHS.length * 5);
    for (const m of [null, 1, 'x', [], {}]) {
      expect(readState(m)).toBeNull();
      expect(vdaState.safeParse(m).success).toBe(false);
    }
  });

  it('holds lists to their limits as the schema does', () => {
    const many = (n: number) =>
      withValue(
        'errors',
        Array.from({ length: n }, () => ({ errorType: 'x', errorLevel: 'FATAL' })),
      );
    expect(readState(many(200))).not.toBeNull();
    expect(readState(many(201))).toBeNull();
    expect(vdaState.safeParse(many(201)).success).toBe(false);
  });
});
