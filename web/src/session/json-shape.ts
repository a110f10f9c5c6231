/**
 * The part of JSON Schema that zod writes for the contract's plain objects (`z.toJSONSchema`): enough to
 * check what the console stored itself, without zod. The schemas come from contract-values-plugin.ts, and
 * json-shape.test.ts fails if the contract ever uses a keyword this checker does not know.
 */
export interface JsonShape {
  $schema?: string;
  type?: JsonType | JsonType[];
  enum?: readonly unknown[];
  const?: unknown;
  anyOf?: readonly JsonShape[];
  properties?: Record<string, JsonShape>;
  required?: readonly string[];
  /** zod writes false; like zod's own parse, extra keys are dropped rather than refused. */
  additionalProperties?: boolean;
  items?: JsonShape;
  pattern?: string;
  /** Informative: `pattern` carries the check. */
  format?: string;
}
type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'object' | 'array';

/** The keywords `shapeOf` checks or may ignore; the test holds the contract's schemas to them. */
export const KNOWN_KEYWORDS: ReadonlySet<string> = new Set([
  '$schema',
  'type',
  'enum',
  'const',
  'anyOf',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'pattern',
  'format',
]);

const REJECT = Symbol('reject');

function typeMatches(type: JsonType, value: unknown): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    default:
      return typeof value === type;
  }
}

function check(shape: JsonShape, value: unknown): unknown {
  if (shape.anyOf) {
    for (const option of shape.anyOf) {
      const out = check(option, value);
      if (out !== REJECT) return out;
    }
    return REJECT;
  }
  const types = shape.type === undefined ? [] : [shape.type].flat();
  if (types.length > 0 && !types.some((t) => typeMatches(t, value))) return REJECT;
  if (shape.enum && !shape.enum.includes(value)) return REJECT;
  if ('const' in shape && shape.const !== value) return REJECT;
  if (shape.pattern !== undefined && typeof value === 'string' && !new RegExp(shape.pattern).test(value)) {
    return REJECT;
  }
  if (shape.items && Array.isArray(value)) {
    const out = value.map((item) => check(shape.items as JsonShape, item));
    return out.includes(REJECT) ? REJECT : out;
  }
  if (shape.properties && typeMatches('object', value)) {
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(shape.properties)) {
      if (!(key in record)) {
        if (shape.required?.includes(key)) return REJECT;
        continue;
      }
      const checked = check(property, record[key]);
      if (checked === REJECT) return REJECT;
      out[key] = checked;
    }
    return out;
  }
  return value;
}

/** The value if it has the shape (objects keep only the declared keys, as zod's parse does), else undefined. */
export function shapeOf<T>(shape: JsonShape, value: unknown): T | undefined {
  const out = check(shape, value);
  return out === REJECT ? undefined : (out as T);
}
