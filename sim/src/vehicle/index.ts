export { seekCharger, updateBattery } from './battery.js';
export { buildGoToOrder } from './go-to-order.js';
export {
  progressInstantActions,
  receiveInstantActions,
  SUPPORTED_INSTANT_ACTIONS,
} from './instant-actions.js';
export { moveTowards, wrapAngle } from './motion.js';
export { acceptOrder, clearOrder, hasOrder, isIdle, reportValidationError } from './order-execution.js';
export { createVehicle, stepVehicle } from './step-vehicle.js';
export type { OrderEdge, OrderNode, Pose, Station, Vehicle, VehicleParams } from './types.js';
export { defaultVehicleParams } from './types.js';
export type { MapBounds, WanderPlan, WanderState } from './wander.js';
export { wander } from './wander.js';
