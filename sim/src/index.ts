export {
  type DeviceCredential,
  DeviceFleet,
  type DeviceFleetOptions,
  type DeviceFleetStats,
} from './devices/device-fleet.js';
export { SimDevice, type SimDeviceOptions } from './devices/sim-device.js';
export { MessageEncoder } from './encode.js';
export { buildFactsheet } from './factsheet.js';
export { Fleet, type FleetOptions, type FleetStats, type RobotCredential } from './fleet.js';
export { type FleetMap, generateStations } from './fleet-layout.js';
export { type GatewayEvent, type LiftGatewayOptions, SimLiftGateway } from './lifts/lift-gateway.js';
export { defaultLiftParams, SimLift, type SimLiftParams } from './lifts/sim-lift.js';
export * from './messages.js';
export { createRng } from './prng.js';
export { SimRobot, type SimRobotOptions } from './sim-robot.js';
export { defaultTopics, type RobotTransport, type TopicConfig } from './transport/types.js';
export * from './vehicle/index.js';
