import type { ErrorCode, FieldIssue, Refusal } from '@fleet/contract';

/** The one error domain code throws; http/error-handler.ts maps its code to a status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra headers the answer must carry (Retry-After). */
    readonly headers: Record<string, string> = {},
    /** The refused fields with their rules, for clients that word a refusal themselves. */
    readonly issues: FieldIssue[] = [],
    /** The rule a refusal of the whole call broke, for clients that word it themselves. */
    readonly refusal?: Refusal,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A body field a domain rule refuses: where, in English, and the rule with the values its words need. */
export interface RuleProblem {
  /** The path inside the body, e.g. `landings.2.outside`. */
  path: string;
  message: string;
  rule: string;
  params?: Record<string, string | number>;
}

/** One 400 naming every problem found, each under its body path, with the rules that were broken. */
export function refusedFields(problems: readonly RuleProblem[]): AppError {
  return new AppError(
    'BAD_REQUEST',
    problems.map((p) => `body.${p.path}: ${p.message}`).join('; '),
    {},
    problems.map((p) => ({ path: `body.${p.path}`, rule: p.rule, params: p.params ?? {} })),
  );
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (why: string) => new AppError('FORBIDDEN', why);
/** A rule and the values its words need: a client words the refusal from these, other readers from the English. */
export interface RuleOf<R extends string = string> {
  rule: R;
  params?: Record<string, string | number>;
}

/** A 400 naming one field; with a rule, that field is also listed in `issues`. */
export const badRequest = (field: string, reason: string, rule?: RuleOf) =>
  new AppError(
    'BAD_REQUEST',
    `${field}: ${reason}`,
    {},
    rule ? [{ path: field, rule: rule.rule, params: rule.params ?? {} }] : [],
  );
/** A 409; with a rule, the answer carries it as its `refusal`. */
export const conflict = (why: string, rule?: RuleOf) =>
  new AppError('CONFLICT', why, {}, [], rule && { rule: rule.rule, params: rule.params ?? {} });
export const unauthorized = (why = 'Sign in again: the session is missing, expired or ended') =>
  new AppError('UNAUTHORIZED', why);
