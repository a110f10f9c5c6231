import type { LiftRule } from '@fleet/contract';
import type { RuleOf } from '../../errors.js';

/** A refusal of a lift call as a rule of `LIFT_RULES` and the values its words need. */
export const liftRule = (rule: LiftRule, params: Record<string, string | number> = {}): RuleOf => ({
  rule,
  params,
});
