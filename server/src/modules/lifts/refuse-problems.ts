import { AppError } from '../../errors.js';

/** A problem of a configuration body, under its path inside the body (e.g. `landings.2.outside`). */
export interface BodyProblem {
  path: string;
  message: string;
}

/** One 400 naming every problem found, each under its body path, so the form can mark every field at once. */
export function refuseProblems(problems: BodyProblem[]): never {
  throw new AppError('BAD_REQUEST', problems.map((p) => `body.${p.path}: ${p.message}`).join('; '));
}
