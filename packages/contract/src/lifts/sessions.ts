/** The phases of a robot's ride (server/src/modules/lifts/rides/ride.ts), as the lift log names them. */
export const RIDE_PHASES = [
  'toLanding',
  'waiting',
  'calling',
  'boarding',
  'riding',
  'exiting',
  'toStation',
  'done',
  'failed',
] as const;
export type RidePhase = (typeof RIDE_PHASES)[number];

/** How a lift session ends: by its ride or test, by an operator, by a deadline, or found left over. */
export const LIFT_SESSION_ENDS = [
  'completed',
  'timeout',
  'alarm',
  'robotOffline',
  'forceReleased',
  'expired',
  'cancelled',
  'restart',
  'orphan',
] as const;
export type LiftSessionEnd = (typeof LIFT_SESSION_ENDS)[number];
