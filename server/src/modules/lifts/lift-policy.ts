import {
  type LiftConfigRule,
  type LiftPolicy,
  type LiftTimeWindow,
  type LiftVendor,
  VENDOR_DOOR_HOLD_MAX_S,
} from '@fleet/contract';
import type { RuleProblem } from '../../errors.js';

/** Why a bank's policy keeps a robot out now, or null when it may ride. */
export type PolicyRefusal = 'robotNotAllowed' | 'outsideHours';

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const WEEKDAY: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The ISO weekday and minute of the day at `at` in a time zone. */
export function localTime(at: Date, timeZone: string): { weekday: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekday: WEEKDAY[part('weekday')] ?? 1,
    minute: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/**
 * Whether a local time falls in a window. A window whose `to` is not after its `from` runs past midnight: its
 * weekdays are those it starts on (Friday 22:00–06:00 covers Saturday 03:00).
 */
export function inWindow(w: LiftTimeWindow, weekday: number, minute: number): boolean {
  const from = minutes(w.from);
  const to = minutes(w.to);
  if (from < to) return w.weekdays.includes(weekday) && minute >= from && minute < to;
  const yesterday = weekday === 1 ? 7 : weekday - 1;
  return (w.weekdays.includes(weekday) && minute >= from) || (w.weekdays.includes(yesterday) && minute < to);
}

/** Whether a robot may use a bank now under its policy: allowed by id or model, and inside its hours. */
export function policyRefusal(
  policy: Pick<LiftPolicy, 'allowedRobotIds' | 'allowedModels' | 'timeWindows'>,
  robot: { id: string; model: string },
  timeZone: string,
  at: Date,
): PolicyRefusal | null {
  const anyRobot = policy.allowedRobotIds.length === 0 && policy.allowedModels.length === 0;
  if (!anyRobot && !policy.allowedRobotIds.includes(robot.id) && !policy.allowedModels.includes(robot.model))
    return 'robotNotAllowed';
  if (policy.timeWindows.length === 0) return null;
  const { weekday, minute } = localTime(at, timeZone);
  return policy.timeWindows.some((w) => inWindow(w, weekday, minute)) ? null : 'outsideHours';
}

/** What is wrong with a policy for its vendor, as body paths; empty when it can be saved. */
export function policyProblems(
  policy: LiftPolicy,
  vendor: LiftVendor,
): Array<RuleProblem & { rule: LiftConfigRule }> {
  const problems: Array<RuleProblem & { rule: LiftConfigRule }> = [];
  const maxHold = VENDOR_DOOR_HOLD_MAX_S[vendor];
  if (policy.doorHoldS > maxHold)
    problems.push({
      path: 'policy.doorHoldS',
      message: `at most ${maxHold} s for this vendor's lifts`,
      rule: 'doorHoldOverVendorCap',
      params: { max: maxHold },
    });
  policy.timeWindows.forEach((w, i) => {
    if (w.from === w.to)
      problems.push({
        path: `policy.timeWindows.${i}.to`,
        message: 'the same time as from',
        rule: 'timeWindowEmpty',
      });
  });
  if (policy.sessionTimeoutS < policy.callTimeoutS + policy.rideTimeoutS)
    problems.push({
      path: 'policy.sessionTimeoutS',
      message: 'at least the call and ride timeouts together',
      rule: 'sessionShorterThanCallAndRide',
    });
  return problems;
}
