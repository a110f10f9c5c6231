import type { TaskOutcome } from '@fleet/contract';

/** antd's status colours for how a task ended, in the list and in the task. */
export const OUTCOME_COLOURS: Record<TaskOutcome, string> = {
  completed: 'success',
  partial: 'warning',
  cancelled: 'default',
  failed: 'error',
};
