import { type RuleProblem, refusedFields } from '../../errors.js';

/** One 400 naming every problem found, each under its body path, so the form can mark every field at once. */
export function refuseProblems(problems: readonly RuleProblem[]): never {
  throw refusedFields(problems);
}
