import type { LiveRobot } from '@fleet/contract';
import { type Size, toScreen, type View } from './view';

/** The robot drawn nearest to the screen point, if one lies within `slop` pixels of its body. */
export function robotAt(
  robots: readonly LiveRobot[],
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
    if (!robot.position) continue;
    const p = toScreen(view, size, robot.position.x, robot.position.y);
    const d = Math.hypot(p.sx - sx, p.sy - sy);
    if (d <= bestDistance) {
      best = robot;
      bestDistance = d;
    }
  }
  return best;
}
