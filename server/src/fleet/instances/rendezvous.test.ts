import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ownerOf, rankOf } from './rendezvous.js';

const robots = Array.from({ length: 3000 }, () => randomUUID());

describe('ownerOf', () => {
  it('gives every robot exactly one owner, the same whatever the order of the list', () => {
    const list = ['a', 'b', 'c'];
    for (const r of robots.slice(0, 200)) {
      expect(ownerOf(r, list)).toBe(ownerOf(r, ['c', 'a', 'b']));
      expect(list).toContain(ownerOf(r, list));
    }
  });

  it('shares robots about evenly among three instances', () => {
    const counts = new Map<string, number>();
    for (const r of robots) {
      const o = ownerOf(r, ['i1', 'i2', 'i3']) ?? '';
      counts.set(o, (counts.get(o) ?? 0) + 1);
    }
    for (const n of counts.values()) expect(n).toBeGreaterThan(800);
    expect(counts.size).toBe(3);
  });

  it('moves only the robots of an instance that goes, to the others', () => {
    const before = new Map(robots.map((r) => [r, ownerOf(r, ['i1', 'i2', 'i3'])]));
    for (const r of robots) {
      const after = ownerOf(r, ['i1', 'i3']);
      if (before.get(r) !== 'i2') expect(after).toBe(before.get(r));
      else expect(['i1', 'i3']).toContain(after);
    }
  });

  it('has no owner among no instances', () => {
    expect(ownerOf('r', [])).toBeNull();
  });

  it('names as successor the instance that owns the robot once its owner is gone', () => {
    const list = ['i1', 'i2', 'i3', 'i4'];
    for (const r of robots.slice(0, 500)) {
      const [owner, successor] = rankOf(r, list);
      expect(owner).toBe(ownerOf(r, list));
      expect(successor).not.toBe(owner);
      expect(
        ownerOf(
          r,
          list.filter((i) => i !== owner),
        ),
      ).toBe(successor);
    }
    expect(rankOf('r', ['only'])).toEqual(['only', null]);
  });
});
