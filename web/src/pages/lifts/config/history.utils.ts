import type { LiftConfigChange } from '@fleet/contract';

const MAX_SHOWN = 120;

/**
 * A value of a configuration change in one short line: texts as they are, objects as compact JSON cut at
 * 120 characters; ids of floors and gateways by their names. Secrets already arrive as "set" or "none".
 */
export function shownValue(value: unknown, names: ReadonlyMap<string, string> = new Map()): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'string') return names.get(value) ?? value;
  // Served floors and the like: the names of what the ids stand for, when all are known.
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' && names.has(v)))
    return value.map((v) => names.get(v)).join(', ');
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = JSON.stringify(value) ?? '';
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}

export type ChangeTarget = { kind: 'bank' } | { kind: 'lift'; name: string | undefined };

/**
 * What a change concerns: the bank, or one of its lifts, named as it is now, or as it was called when it
 * was created or removed (a removed lift is no longer in the bank).
 */
export function changeTarget(
  change: Pick<LiftConfigChange, 'liftId'>,
  liftNames: ReadonlyMap<string, string>,
  history: readonly Pick<LiftConfigChange, 'liftId' | 'changes'>[],
): ChangeTarget {
  if (!change.liftId) return { kind: 'bank' };
  const now = liftNames.get(change.liftId);
  if (now) return { kind: 'lift', name: now };
  for (const c of history) {
    if (c.liftId !== change.liftId) continue;
    const named = c.changes.find((f) => f.field === 'created' || f.field === 'removed' || f.field === 'name');
    const name = named?.field === 'created' ? named.to : named?.from;
    if (typeof name === 'string') return { kind: 'lift', name };
  }
  return { kind: 'lift', name: undefined };
}
