import { describe, expect, it, vi } from 'vitest';
import { AuthCache } from './auth-cache.js';

/** A cache that hears changes, and a loader counting how often the database would be asked. */
function setup() {
  let clock = 0;
  const cache = new AuthCache(() => clock);
  cache.hearing = true;
  let reads = 0;
  const load = (value: string) => async () => {
    reads++;
    return value;
  };
  return { cache, load, reads: () => reads, advance: (ms: number) => (clock += ms) };
}

describe('AuthCache', () => {
  it('answers a second request from memory', async () => {
    const { cache, load, reads } = setup();
    expect(await cache.get('session:1', 'u1', load('a'))).toBe('a');
    expect(await cache.get('session:1', 'u1', load('b'))).toBe('a');
    expect(reads()).toBe(1);
  });

  it('drops only the person a change names, and everything for a change of anyone', async () => {
    const { cache, load, reads } = setup();
    await cache.get('session:1', 'u1', load('a'));
    await cache.get('companies:u1', 'u1', load('a'));
    await cache.get('session:2', 'u2', load('b'));
    cache.heard('memberships:u1');
    expect(cache.size).toBe(1);
    expect(await cache.get('session:2', 'u2', load('x'))).toBe('b');
    cache.heard('roles:*');
    expect(cache.size).toBe(0);
    expect(await cache.get('session:2', 'u2', load('c'))).toBe('c');
    expect(reads()).toBe(4);
  });

  it('keeps nothing while changes cannot be heard, and forgets what it had when the link drops', async () => {
    const { cache, load, reads } = setup();
    await cache.get('session:1', 'u1', load('a'));
    cache.hearing = false;
    expect(await cache.get('session:1', 'u1', load('b'))).toBe('b');
    expect(await cache.get('session:1', 'u1', load('c'))).toBe('c');
    expect(reads()).toBe(3);
  });

  it('does not keep an answer read while a change was heard (it may predate the change)', async () => {
    const { cache, reads } = setup();
    let release: (v: string) => void = () => {};
    const slow = cache.get('session:1', 'u1', () => new Promise<string>((resolve) => (release = resolve)));
    cache.heard('sessions:u1');
    release('before the change');
    expect(await slow).toBe('before the change');
    expect(await cache.get('session:1', 'u1', async () => 'after')).toBe('after');
    expect(reads()).toBe(0);
  });

  it('does not keep an absent answer', async () => {
    const { cache } = setup();
    expect(await cache.get('session:1', 'u1', async () => null)).toBeNull();
    expect(await cache.get('session:1', 'u1', async () => 'now there')).toBe('now there');
  });

  it('asks again after 30 s even when nothing was heard', async () => {
    const { cache, load, reads, advance } = setup();
    await cache.get('session:1', 'u1', load('a'));
    advance(29_999);
    await cache.get('session:1', 'u1', load('b'));
    expect(reads()).toBe(1);
    advance(1);
    expect(await cache.get('session:1', 'u1', load('c'))).toBe('c');
  });

  it('says sessions may have ended for changes of sessions, accounts and memberships, not of rights', () => {
    const { cache } = setup();
    const ended = vi.fn();
    cache.ended.on('ended', ended);
    cache.heard('sessions:u1');
    cache.heard('users:u2');
    cache.heard('memberships:u3');
    cache.heard('role_assignments:u4');
    cache.heard('companies:*');
    expect(ended.mock.calls).toEqual([['u1'], ['u2'], ['u3']]);
  });

  describe('a fence: a request that may have written answers once what it changed is heard', () => {
    /** A channel that delivers in order, as PostgreSQL does: the changes a commit made, then the fence sent after. */
    const channel =
      (cache: AuthCache, before: string[] = []) =>
      async (payload: string) => {
        await Promise.resolve();
        for (const p of before) cache.heard(p);
        cache.heard(payload);
      };

    it('drops only the people the request changed, keeping everyone else', async () => {
      const { cache, load } = setup();
      await cache.get('session:1', 'u1', load('a'));
      await cache.get('session:2', 'u2', load('b'));
      await cache.fence(channel(cache, ['memberships:u1']));
      expect(cache.size).toBe(1);
      expect(await cache.get('session:1', 'u1', load('fresh'))).toBe('fresh');
      expect(await cache.get('session:2', 'u2', load('x'))).toBe('b');
    });

    it('another instance’s fence drops nothing and does not hold back what is being read', async () => {
      const { cache, load } = setup();
      await cache.get('session:1', 'u1', load('a'));
      let done!: (v: string) => void;
      const reading = cache.get('session:2', 'u2', () => new Promise<string>((r) => (done = r)));
      cache.heard('fence:5d0c1a3e-theirs');
      done('b');
      await reading;
      expect(cache.size).toBe(2);
    });

    it('forgets everything when the fence cannot be sent or is not heard within a second', async () => {
      vi.useFakeTimers();
      try {
        const { cache, load } = setup();
        await cache.get('session:1', 'u1', load('a'));
        await cache.fence(async () => {
          throw new Error('database away');
        });
        expect(cache.size).toBe(0);
        await cache.get('session:1', 'u1', load('a'));
        const lost = cache.fence(async () => {});
        await vi.advanceTimersByTimeAsync(1000);
        await lost;
        expect(cache.size).toBe(0);
      } finally {
        vi.useRealTimers();
      }
    });

    it('is not waited for while changes cannot be heard (nothing is kept)', async () => {
      const { cache } = setup();
      cache.hearing = false;
      const notify = vi.fn(async () => {});
      await cache.fence(notify);
      expect(notify).not.toHaveBeenCalled();
    });
  });
});
