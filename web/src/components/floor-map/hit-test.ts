import type { LiveRobot } from '@fleet/contract';
import type { Pose } from './motion-glide';
import { type Size, toScreen, type View } from './view';

/**
 * The robot drawn nearest to the screen point, if one lies within `slop` pixels of its body; `poseOf` says
 * where each robot is drawn.
 */
export function robotAt(
  robots: readonly LiveRobot[],
  poseOf: (robot: LiveRobot) => Pose | null,
  view: View,
  size: Size,
  sx: number,
  sy: number,
  radius: number,
  slop = 6,
): LiveRobot | undefined {
  let best: LiveRobot | undefined;
  let bestDistance = radius + slop;
  for (const robot of robots) {
    const pose = poseOf(robot);
    if (!pose) continue;
    const p = toScreen(view, size, pose.x, pose.y);
    const d = Math.hypot(p.sx - sx, p.sy - sy);
    if (d <= bestDistance) {
      best = robot;
      bestDistance = d;
    }
  }
  return best;
}
