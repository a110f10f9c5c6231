import { describe, expect, it } from 'vitest';
import { MessageEncoder } from './encode.js';
import { buildFactsheet } from './factsheet.js';
import { connectionSchema, factsheetSchema, stateSchema, visualizationSchema } from './messages.js';
import { newVehicle, orderThrough, run, testParams } from './test-support/drive.js';
import { acceptOrder, receiveInstantActions, type Vehicle } from './vehicle/index.js';

const enc = new MessageEncoder({ manufacturer: 'acme "quoted"', serialNumber: 'R/1' });
const ts = '2025-01-02T03:04:05.678Z';

const vehicles: Array<{ name: string; make: () => Vehicle }> = [
  { name: 'idle, fresh', make: () => newVehicle() },
  {
    name: 'driving an order with node actions',
    make: () => {
      const v = newVehicle();
      const order = orderThrough('o1', [
        [0, 0],
        [5, 0],
        [5, 5, Math.PI],
      ]);
      order.nodes[2]?.actions.push({ actionId: 'drop', actionType: 'drop', blockingType: 'HARD' });
      acceptOrder(v, order);
      run(v, 2);
      return v;
    },
  },
  {
    name: 'paused with actions in every status and an error',
    make: () => {
      const v = newVehicle(1, 2, -Math.PI, 12.345);
      receiveInstantActions(v, [
        { actionId: 'a', actionType: 'startPause', blockingType: 'HARD' },
        { actionId: 'b', actionType: 'nope', blockingType: 'NONE' },
      ]);
      run(v, 0.1);
      receiveInstantActions(v, [{ actionId: 'c', actionType: 'stateRequest', blockingType: 'NONE' }]);
      v.errors.push({ errorType: 'obstacleDetected', errorLevel: 'WARNING', errorDescription: 'x' });
      return v;
    },
  },
  { name: 'heading exactly π', make: () => newVehicle(0, 0, Math.PI) },
];

describe('encoded messages validate', () => {
  it.each(vehicles)('state and visualization: $name', ({ make }) => {
    const v = make();
    const state = stateSchema.parse(JSON.parse(enc.state(7, ts, v)));
    expect(state).toMatchObject({
      headerId: 7,
      timestamp: ts,
      manufacturer: 'acme "quoted"',
      serialNumber: 'R/1',
    });
    expect(state.nodeStates.map((n) => n.nodeId)).toEqual(v.nodeStates.map((n) => n.nodeId));
    expect(state.safetyState.fieldViolation).toBe(v.errors.some((e) => e.errorType === 'obstacleDetected'));
    const vis = visualizationSchema.parse(JSON.parse(enc.visualization(8, ts, v)));
    expect(vis.agvPosition?.x).toBeCloseTo(v.pose.x, 2);
    expect(vis.velocity?.vx).toBe(v.velocity.vx);
  });

  it.each(['ONLINE', 'OFFLINE', 'CONNECTIONBROKEN'] as const)('connection %s', (state) => {
    expect(connectionSchema.parse(JSON.parse(enc.connection(0, ts, state))).connectionState).toBe(state);
  });

  it('factsheet', () => {
    const body = buildFactsheet(testParams, { stateMs: 1000, visualizationMs: 500 });
    const f = factsheetSchema.parse(JSON.parse(enc.factsheet(0, ts, body)));
    expect(f.protocolFeatures.agvActions.map((a) => a.actionType)).toContain('factsheetRequest');
    expect(f.protocolLimits.timing.visualizationInterval).toBe(0.5);
  });
});
