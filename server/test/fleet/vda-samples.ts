import type { VdaState } from '../../src/fleet/vda/messages.js';
import { digestState, type StateDigest } from '../../src/fleet/vda/state-digest.js';

/** A valid VDA 5050 state of an idle robot at (1, 2) on floor-1; override what a test needs. */
export function state(over: Partial<VdaState> = {}): VdaState {
  return {
    headerId: 1,
    timestamp: new Date().toISOString(),
    version: '2.0.0',
    manufacturer: 'fleetsim',
    serialNumber: 'SIM-1',
    orderId: '',
    orderUpdateId: 0,
    lastNodeId: '',
    lastNodeSequenceId: 0,
    nodeStates: [],
    edgeStates: [],
    agvPosition: { x: 1, y: 2, theta: 0, mapId: 'floor-1' },
    driving: false,
    paused: false,
    operatingMode: 'AUTOMATIC',
    batteryState: { batteryCharge: 80, charging: false },
    errors: [],
    actionStates: [],
    ...over,
  };
}

/** A state message as the ingest hands it to the live store. */
export const stateDigest = (over: Partial<VdaState> = {}): StateDigest => digestState(state(over));
