import type { DeviceRule } from '@fleet/contract';
import type { RuleOf } from '../../errors.js';

/** A refusal of a device call as a rule of `DEVICE_RULES` and the values its words need. */
export const deviceRule = (rule: DeviceRule, params: Record<string, string | number> = {}): RuleOf => ({
  rule,
  params,
});
