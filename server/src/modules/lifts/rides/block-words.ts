import type { LiftBlock } from '@fleet/contract';

/** Why a lift takes no robot, as the end of "Lift A …" in a ride's note, a command's detail or the lift log. */
export const BLOCK_WORDS: Record<LiftBlock, string> = {
  noState: 'has not reported its state',
  stale: 'stopped reporting its state',
  gatewayOffline: 'lost its gateway',
  fire: 'is in fire mode',
  emergency: 'is in emergency mode',
  offline: 'is offline',
  outOfService: 'is out of robot service',
  notEnabled: 'is not enabled for robots',
};
