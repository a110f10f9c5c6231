import type { RobotStatus } from '@fleet/contract';

export interface StatusFacts {
  connection: 'ONLINE' | 'OFFLINE' | 'CONNECTIONBROKEN' | null;
  hasFatalError: boolean;
  paused: boolean;
  charging: boolean;
  driving: boolean;
  /** Nodes of the current order still to reach. */
  openNodes: number;
}

/** One status per robot, most urgent first: an operator must see an offline or failed robot before anything else. */
export function robotStatusOf(f: StatusFacts): RobotStatus {
  if (f.connection !== 'ONLINE') return 'offline';
  if (f.hasFatalError) return 'error';
  if (f.paused) return 'paused';
  if (f.charging) return 'charging';
  if (f.driving || f.openNodes > 0) return 'working';
  return 'idle';
}
