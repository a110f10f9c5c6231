import type { ActionState, InstantAction, VdaError } from '../messages.js';

export interface Pose {
  x: number;
  y: number;
  /** Radians, counter-clockwise from the x axis, always within [-π, π]. */
  theta: number;
  mapId: string;
}

export interface Station {
  id: string;
  name?: string;
  x: number;
  y: number;
  theta?: number;
  charger?: boolean;
}

export interface VehicleParams {
  /** Cruise speed, m/s. */
  speed: number;
  /** Turning speed on the spot, rad/s. */
  turnRate: number;
  /** Battery drain, % per second, when standing / when driving. */
  drainIdle: number;
  drainDriving: number;
  /** Battery gain while charging, % per second. */
  chargeRate: number;
  /** Below this charge an idle robot goes charging, %. */
  lowBattery: number;
  /** Chance per second of driving that an obstacle stops the robot. */
  errorProbabilityPerSecond: number;
  /** How long such an error lasts, seconds [min, max]. */
  errorDuration: [number, number];
  /** Chargers on the robot's map; without any, a low robot charges where it stands. */
  chargers: Station[];
}

export const defaultVehicleParams: VehicleParams = {
  speed: 1.0,
  turnRate: 1.5,
  // ~3 h standing, ~15 min of continuous driving, ~3 min for a full charge: the demo shows every state.
  drainIdle: 0.01,
  drainDriving: 0.1,
  chargeRate: 0.5,
  lowBattery: 20,
  errorProbabilityPerSecond: 0.002,
  errorDuration: [3, 8],
  chargers: [],
};

export interface OrderNode {
  nodeId: string;
  sequenceId: number;
  released: boolean;
  nodeDescription?: string;
  nodePosition?: { x: number; y: number; theta?: number; mapId: string };
  actions: InstantAction[];
}

export interface OrderEdge {
  edgeId: string;
  sequenceId: number;
  released: boolean;
  startNodeId: string;
  endNodeId: string;
  edgeDescription?: string;
  maxSpeed?: number;
  actions: InstantAction[];
}

/** An instant action still in progress, pointing at the very object listed in `actionStates`. */
export interface PendingAction {
  action: InstantAction;
  state: ActionState;
}

/**
 * Everything a simulated vehicle knows. The step functions mutate it in place: a fleet of 10,000 robots
 * steps ten times a second, and copying every model each time would dominate the load generator's CPU.
 */
export interface Vehicle {
  /** Simulated seconds since creation. */
  time: number;
  pose: Pose;
  velocity: { vx: number; vy: number; omega: number };
  driving: boolean;
  paused: boolean;
  battery: number;
  charging: boolean;
  orderId: string;
  orderUpdateId: number;
  lastNodeId: string;
  lastNodeSequenceId: number;
  /** What is left of the current order: the node being driven to first. */
  nodeStates: OrderNode[];
  edgeStates: OrderEdge[];
  distanceSinceLastNode: number;
  actionStates: ActionState[];
  pendingInstant: PendingAction[];
  errors: VdaError[];
  /** Simulated time at which the current obstacle clears. */
  errorClearsAt: number | null;
  /** The current order is the robot's own trip to a charger. */
  chargeOnArrival: boolean;
  /** Set by a factsheetRequest; the robot publishes its factsheet and clears it. */
  factsheetRequested: boolean;
  /** Total distance driven, metres. */
  odometer: number;
  /** Counts the robot's own orders (charging trips) so their ids are unique. */
  ownOrders: number;
}
