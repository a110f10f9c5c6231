/**
 * The next slot on a robot's fixed publishing cadence. A tick that comes late (a busy machine) keeps the
 * cadence, so the average rate holds, which is what a load generator promises; after a stall of more than
 * one interval the robot skips ahead instead of bursting everything it missed.
 */
export function nextDue(due: number, interval: number, now: number): number {
  const next = due + interval;
  return next > now - interval ? next : now + interval;
}
