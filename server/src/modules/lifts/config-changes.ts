/** One field of a bank or lift changed by an edit, as its history shows it. */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** Below this, two coordinates are one point: a waypoint read back from the database and sent again unmoved. */
const EPSILON = 1e-6;

/**
 * Whether an edit leaves a value as it was. Key order does not count (PostgreSQL's jsonb reorders keys) and
 * neither does float noise in a coordinate that went through the browser and back.
 */
export function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b || Math.abs(a - b) < EPSILON;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v, i) => same(v, b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
    const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
    if (ka.length !== kb.length) return false;
    return ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return a === b;
}

/**
 * The fields an edit changes: those given in `next` whose value differs from `before`. Secrets are named, never
 * shown: a field listed in `secret` appears with `from`/`to` of "set" or "none".
 */
export function fieldChanges<T extends object>(
  before: T,
  next: Partial<T>,
  secret: ReadonlyArray<keyof T> = [],
): FieldChange[] {
  const out: FieldChange[] = [];
  for (const key of Object.keys(next) as Array<keyof T>) {
    const to = next[key];
    if (to === undefined) continue;
    const from = before[key];
    if (same(from, to)) continue;
    const shown = (v: unknown) => (v === null || v === '' ? 'none' : 'set');
    out.push(
      secret.includes(key)
        ? { field: String(key), from: shown(from), to: shown(to) }
        : { field: String(key), from, to },
    );
  }
  return out;
}

/** The fields an edit gives: an absent field (undefined) keeps its value, a null clears it. */
export function definedOnly<T extends object>(next: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
