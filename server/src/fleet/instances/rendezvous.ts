/**
 * Rendezvous (highest random weight) hashing: the owner of `key` among `instances` is the one whose hash with the
 * key is highest. Every instance computes the same owner from the same list, and when an instance comes or goes
 * only the keys it owned (or will own) move: about 1/N of them, not all.
 */
export function ownerOf(key: string, instances: readonly string[]): string | null {
  return rankOf(key, instances)[0];
}

/**
 * The owner of `key` and its successor: the instance that owns the key once the owner is gone (the second highest
 * weight, since the others' weights do not change). Null where there is none.
 */
export function rankOf(key: string, instances: readonly string[]): [string | null, string | null] {
  let best: string | null = null;
  let bestWeight = -1;
  let next: string | null = null;
  let nextWeight = -1;
  for (const instance of instances) {
    const weight = fnv1a(instance, key);
    if (before(weight, instance, bestWeight, best)) {
      next = best;
      nextWeight = bestWeight;
      best = instance;
      bestWeight = weight;
    } else if (before(weight, instance, nextWeight, next)) {
      next = instance;
      nextWeight = weight;
    }
  }
  return [best, next];
}

/** Whether (weight, instance) ranks above (than, other): the higher weight, the lower id on a tie. */
const before = (weight: number, instance: string, than: number, other: string | null) =>
  weight > than || (weight === than && other !== null && instance < other);

/** 32-bit FNV-1a over `a`, a separator and `b`, then a final avalanche so near keys spread evenly. */
function fnv1a(a: string, b: string): number {
  let h = 0x811c9dc5;
  const add = (s: string) => {
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  };
  add(a);
  h ^= 0x2f;
  h = Math.imul(h, 0x01000193);
  add(b);
  // murmur3's finaliser
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
