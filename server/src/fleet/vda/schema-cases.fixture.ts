/*
 * Cases for holding a hand-written message check to its zod schema: every field of a valid sample replaced in
 * turn by values that are missing, empty, out of range or of the wrong type, and both must agree on each.
 */

/** Values every field is tried with; a test adds the ones its own limits and enums need. */
export const ODD_VALUES: readonly unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  2 ** 60,
  Number.POSITIVE_INFINITY,
  Number.NaN,
  '',
  'text',
  'x'.repeat(41),
  true,
  [],
  {},
];

/**
 * A copy of `sample` with the value at `path` (dot-separated, list items by index) replaced; the objects and
 * lists on the way are copied, so the sample itself is not changed.
 */
export function withValue(
  sample: Record<string, unknown>,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const m = { ...sample };
  const keys = path.split('.');
  let at: Record<string, unknown> = m;
  for (const k of keys.slice(0, -1)) {
    const inner = Array.isArray(at[k]) ? [...(at[k] as unknown[])] : { ...(at[k] as object) };
    at[k] = inner;
    at = inner as Record<string, unknown>;
  }
  at[keys.at(-1) ?? ''] = value;
  return m;
}
