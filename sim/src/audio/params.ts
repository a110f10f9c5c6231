import type { z } from 'zod';
import type { InstantAction } from '../messages.js';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * Reads an action's VDA 5050 `actionParameters` (`[{key, value}]`) with the contract's schema of that action.
 * Strict: a key the action does not define, or one given twice, fails the action rather than being ignored, so
 * a console and a robot that disagree on the parameters find out at the first command.
 */
export function parseParameters<S extends z.ZodObject>(
  schema: S,
  action: InstantAction,
): Parsed<z.output<S>> {
  const values: Record<string, unknown> = {};
  for (const { key, value } of action.actionParameters ?? []) {
    if (!Object.hasOwn(schema.shape, key)) return bad(`unknown parameter '${key}'`);
    if (Object.hasOwn(values, key)) return bad(`parameter '${key}' given twice`);
    values[key] = value;
  }
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const key = String(issue?.path[0] ?? '');
  if (key && values[key] === undefined) return bad(`'${key}' is missing`);
  return bad(`${issue?.path.join('.') || 'parameters'}: ${issue?.message ?? 'invalid'}`);
}

function bad(reason: string): { ok: false; error: string } {
  return { ok: false, error: `bad parameters: ${reason}` };
}

/** An absolute http(s) URL, or undefined. */
export function httpUrl(text: string, base?: URL): URL | undefined {
  try {
    const url = new URL(text, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}
