import type { LiveRobot, RobotCommand } from '@fleet/contract';

export type Progress = 'waiting' | 'running' | 'finished' | 'failed' | 'timedOut';

const FROM_SERVER: Record<RobotCommand['status'], Progress> = {
  sent: 'waiting',
  running: 'running',
  finished: 'finished',
  failed: 'failed',
  timedOut: 'timedOut',
};

const FROM_ACTION: Record<LiveRobot['actionStates'][number]['actionStatus'], Progress> = {
  WAITING: 'waiting',
  INITIALIZING: 'waiting',
  RUNNING: 'running',
  PAUSED: 'running',
  FINISHED: 'finished',
  FAILED: 'failed',
};

/**
 * A command's progress: the server's record once it is final, else what the robot reports live right now
 * (its action states carry the command's actionId), so the drawer moves on without waiting for a refetch.
 */
export function progressOf(command: RobotCommand, robot: LiveRobot | undefined): Progress {
  const recorded = FROM_SERVER[command.status];
  if (recorded === 'finished' || recorded === 'failed' || recorded === 'timedOut' || !robot) return recorded;
  const action = robot.actionStates.find((a) => a.actionId === command.reference);
  if (action) return FROM_ACTION[action.actionStatus];
  if (command.type === 'goTo' && robot.orderId === command.reference && robot.driving) return 'running';
  return recorded;
}

export const FINAL: ReadonlySet<Progress> = new Set(['finished', 'failed', 'timedOut']);
