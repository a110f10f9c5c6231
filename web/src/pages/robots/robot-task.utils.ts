import type { LiveRobot } from '@fleet/contract';

export type TaskKey = 'charging' | 'driving' | 'order' | 'none';

/** What the robot is busy with, for the table's "current task" column. */
export function currentTask(robot: Pick<LiveRobot, 'orderId' | 'driving' | 'charging'>): {
  key: TaskKey;
  orderId: string | null;
} {
  if (robot.charging) return { key: 'charging', orderId: robot.orderId };
  if (robot.orderId && robot.driving) return { key: 'driving', orderId: robot.orderId };
  if (robot.orderId) return { key: 'order', orderId: robot.orderId };
  return { key: 'none', orderId: null };
}
