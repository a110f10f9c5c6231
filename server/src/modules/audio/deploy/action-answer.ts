import type { RobotFacts } from '../../../fleet/live-store.js';

/** What a robot's state says of one of our actions. */
export type ActionAnswer =
  | { kind: 'running' }
  | { kind: 'finished'; reason: string | null }
  | { kind: 'failed'; reason: string }
  | { kind: 'unsupported'; reason: string };

/** vda-5050-lib words a refused type "not supported"; others say "unknown" or "unsupported". */
const NOT_SUPPORTED = /not supported|unsupported|unknown action|not known/i;

/**
 * The robot's word on an action: its `actionStates` entry (WAITING, INITIALIZING and RUNNING are all "taken up"),
 * or an error that names the action — how a robot refuses an action it cannot run at all, before any state for it.
 * Null when the robot has not mentioned the action.
 */
export function answerOf(
  facts: Pick<RobotFacts, 'actionStates' | 'errors'>,
  actionId: string,
): ActionAnswer | null {
  const state = facts.actionStates.find((a) => a.actionId === actionId);
  if (state) {
    switch (state.actionStatus) {
      case 'FINISHED':
        return { kind: 'finished', reason: state.resultDescription ?? null };
      case 'FAILED': {
        const reason = state.resultDescription || 'the robot gave no reason';
        return NOT_SUPPORTED.test(reason) ? { kind: 'unsupported', reason } : { kind: 'failed', reason };
      }
      default:
        return { kind: 'running' };
    }
  }
  const error = facts.errors.find((e) => e.actionId === actionId);
  if (!error) return null;
  const reason = error.errorDescription || error.errorType;
  return NOT_SUPPORTED.test(reason) ? { kind: 'unsupported', reason } : { kind: 'failed', reason };
}
