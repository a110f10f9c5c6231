import type { CommandType, LiveRobot } from '@fleet/contract';

export type CommandStatus = 'sent' | 'running' | 'finished' | 'failed' | 'timedOut';

export interface RobotProgress {
  actionStates: LiveRobot['actionStates'];
  orderId: string | null;
  openNodes: number;
  driving: boolean;
}

/**
 * What the robot's latest state says of a command: instant actions by their actionId in actionStates,
 * a go-to by its orderId. Null when the robot has not mentioned it (yet).
 */
export function commandProgress(
  command: { type: CommandType; reference: string },
  robot: RobotProgress,
): { status: CommandStatus; detail: string | null } | null {
  if (command.type === 'goTo') {
    if (robot.orderId !== command.reference) return null;
    return robot.openNodes > 0 || robot.driving
      ? { status: 'running', detail: null }
      : { status: 'finished', detail: null };
  }
  const action = robot.actionStates.find((a) => a.actionId === command.reference);
  if (!action) return null;
  switch (action.actionStatus) {
    case 'FINISHED':
      return { status: 'finished', detail: action.resultDescription ?? null };
    case 'FAILED':
      return { status: 'failed', detail: action.resultDescription ?? null };
    default:
      return { status: 'running', detail: null };
  }
}

export const isFinal = (s: CommandStatus) => s === 'finished' || s === 'failed' || s === 'timedOut';
