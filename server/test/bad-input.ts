import fc from 'fast-check';
import { z } from 'zod';

/** Values of every JSON kind, including ones no schema of ours accepts. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: false }),
  fc.string(),
  fc.string({ minLength: 300, maxLength: 6000 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    'null',
    '../../etc/passwd',
    '%00',
    '<script>',
    "' or 1=1 --",
    '😀'.repeat(50),
  ),
  fc.uuid(),
  fc.array(fc.anything(), { maxLength: 5 }),
  fc.dictionary(fc.string(), fc.anything(), { maxKeys: 4 }),
);

/** Query strings and path segments are always text: wrong text, not wrong types. */
const wrongText: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ minLength: 300, maxLength: 3000 }),
  fc.constantFrom('', ' ', '-1', '1e999', 'true', '%', '..%2F..', '00000000-0000-0000-0000-000000000000'),
  fc.uuid(),
);

function shapeKeys(schema: z.ZodType | undefined): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodUnion)
    return [...new Set(schema.options.flatMap((o) => shapeKeys(o as z.ZodType)))];
  return [];
}

/**
 * An object shaped after a schema (its own keys plus a stranger), each key missing, valid-looking or wrong;
 * sometimes not an object at all.
 */
export function badBody(schema: z.ZodType | undefined, valid: unknown): fc.Arbitrary<unknown> {
  const keys = shapeKeys(schema);
  const base = (valid && typeof valid === 'object' ? valid : {}) as Record<string, unknown>;
  const mutated = fc
    .record(
      Object.fromEntries([...keys, 'unexpected'].map((k) => [k, fc.option(wrongValue, { nil: undefined })])),
      {
        requiredKeys: [],
      },
    )
    .map((changes) => {
      const out: Record<string, unknown> = { ...base };
      for (const [k, v] of Object.entries(changes)) out[k] = v;
      return out;
    });
  return fc.oneof({ weight: 4, arbitrary: mutated }, { weight: 1, arbitrary: wrongValue });
}

export function badStrings(schema: z.ZodObject | undefined, valid: Record<string, string> = {}) {
  const keys = shapeKeys(schema);
  return fc
    .record(Object.fromEntries(keys.map((k) => [k, fc.option(wrongText, { nil: undefined })])), {
      requiredKeys: [],
    })
    .map((changes) => {
      const out: Record<string, string> = { ...valid };
      for (const [k, v] of Object.entries(changes)) if (v !== undefined) out[k] = v;
      return out;
    });
}
