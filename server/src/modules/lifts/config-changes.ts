/** One field of a bank or lift changed by an edit, as its history shows it. */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

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
