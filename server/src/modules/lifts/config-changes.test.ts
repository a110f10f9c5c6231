import { describe, expect, it } from 'vitest';
import { definedOnly, fieldChanges, same } from './config-changes.js';

describe('config history (LIFTS-CONFIG-HISTORY)', () => {
  it('lists only the fields an edit changes, with their old and new values', () => {
    const before = {
      name: 'Bank A',
      vendor: 'kone',
      policy: { doorHoldS: 10 },
      credential: 'old' as string | null,
    };
    expect(fieldChanges(before, { name: 'Bank A', policy: { doorHoldS: 20 }, vendor: undefined })).toEqual([
      { field: 'policy', from: { doorHoldS: 10 }, to: { doorHoldS: 20 } },
    ]);
  });

  it('never shows a secret, only whether one is set', () => {
    const before = { credential: 'old-secret' as string | null };
    expect(fieldChanges(before, { credential: 'new-secret' }, ['credential'])).toEqual([
      { field: 'credential', from: 'set', to: 'set' },
    ]);
    expect(fieldChanges(before, { credential: null }, ['credential'])).toEqual([
      { field: 'credential', from: 'set', to: 'none' },
    ]);
  });

  it('does not count a landing read back with its keys reordered or its coordinates off by float noise', () => {
    const stored = { landings: [{ floorId: 'f1', code: 'B1', outside: { y: 2.2, x: 0.1 + 0.2 } }] };
    const sent = { landings: [{ floorId: 'f1', code: 'B1', outside: { x: 0.3, y: 2.2 } }] };
    expect(fieldChanges(stored, sent)).toEqual([]);
    const moved = { landings: [{ floorId: 'f1', code: 'B1', outside: { x: 0.31, y: 2.2 } }] };
    expect(fieldChanges(stored, moved)).toHaveLength(1);
  });

  it('tells arrays of other lengths, other keys and other types apart', () => {
    expect(same([1, 2], [1, 2, 3])).toBe(false);
    expect(same({ a: 1 }, { b: 1 })).toBe(false);
    expect(same({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(same('1', 1)).toBe(false);
    expect(same(null, {})).toBe(false);
    expect(same(new Date(5), new Date(5))).toBe(true);
  });

  it('keeps only the fields an edit gives, nulls included', () => {
    expect(definedOnly({ a: 1, b: undefined, c: null })).toEqual({ a: 1, c: null });
  });
});
