/*
 * A call: a press of a calling device that the console answers with a robot. Its states, in order; the last four
 * end it.
 *   created  — no robot free yet: it waits in the building's queue, its position shown
 *   assigned — a robot was chosen and sent to the device's point
 *   arriving — the robot is driving there (its order runs)
 *   arrived  — the robot stands at the point, waiting to be served
 *   done / cancelled / failed / expired
 */
export const CALL_STATES = [
  'created',
  'assigned',
  'arriving',
  'arrived',
  'done',
  'cancelled',
  'failed',
  'expired',
] as const;
export type CallState = (typeof CALL_STATES)[number];

export const CALL_END_STATES: readonly CallState[] = ['done', 'cancelled', 'failed', 'expired'];

/** Every step of a device's life the timeline shows. */
export const DEVICE_EVENT_KINDS = [
  'press',
  'cancel',
  'ack',
  'callCreated',
  'robotAssigned',
  'robotArriving',
  'robotArrived',
  'callDone',
  'callCancelled',
  'callFailed',
  'callExpired',
  'callEscalated',
  'alertSent',
  'identify',
  'online',
  'offline',
  'bound',
  'unbound',
] as const;
export type DeviceEventKind = (typeof DEVICE_EVENT_KINDS)[number];
