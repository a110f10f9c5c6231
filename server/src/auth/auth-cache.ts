import { EventEmitter } from 'node:events';

/** The channel the migration's triggers notify (drizzle/0017_auth_changes.sql). */
export const AUTH_CHANNEL = 'fc_auth_changed';

/** A kept answer is used for this long at most, even if no change was heard: a bound, not the mechanism. */
const MAX_AGE_MS = 30_000;
/** Past this many kept answers the cache starts again (a bound on memory, not an eviction policy). */
const MAX_ENTRIES = 100_000;
/** The tables whose changes may end a session; a change of any other (a role's rights) cannot. */
const ENDING = new Set(['sessions', 'users', 'memberships']);

interface Kept<T> {
  value: T;
  userId: string;
  at: number;
}

/**
 * What every request asks about its caller (the session, the companies the person may open), kept in this
 * instance's memory and dropped as soon as a commit changes it, on any instance: the tables behind it notify
 * `fc_auth_changed` (LISTEN/NOTIFY), and this instance's own writes drop everything when their request ends, so a
 * change is seen by the very next request here and within milliseconds elsewhere.
 *
 * An answer is kept only while the link that hears changes is up, and only if nothing changed while it was being
 * read (the epoch): a read that raced a commit is used once and not kept.
 */
export class AuthCache {
  /** Told that a person's sessions may have ended (revoked, disabled, removed), whichever instance ended them. */
  readonly ended = new EventEmitter<{ ended: [userId: string] }>();
  private readonly kept = new Map<string, Kept<unknown>>();
  /** The keys kept for each person, so a change of one person drops only theirs. */
  private readonly keysOf = new Map<string, Set<string>>();
  private linked = false;
  private epoch = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether changes are being heard: without that, nothing is kept and every request reads afresh. */
  get hearing(): boolean {
    return this.linked;
  }

  set hearing(up: boolean) {
    // Whatever was kept may have changed while the link was down (or before it first came up).
    this.dropAll();
    this.linked = up;
  }

  /**
   * The kept answer for `key`, else `load`'s, kept if the link was up and nothing changed meanwhile (an absent
   * answer, null, is not kept: it is rare, and the thing may yet appear).
   */
  async get<T>(key: string, userId: string, load: () => Promise<T>): Promise<T> {
    const hit = this.kept.get(key);
    if (hit && this.now() - hit.at < MAX_AGE_MS) return hit.value as T;
    const epoch = this.epoch;
    const value = await load();
    if (value != null && this.linked && epoch === this.epoch) {
      if (this.kept.size >= MAX_ENTRIES) this.dropAll();
      this.kept.set(key, { value, userId, at: this.now() });
      const keys = this.keysOf.get(userId) ?? new Set<string>();
      keys.add(key);
      this.keysOf.set(userId, keys);
    }
    return value;
  }

  /** Forgets one key (a session this instance just ended or touched). */
  drop(key: string): void {
    this.kept.delete(key);
    this.epoch++;
  }

  dropAll(): void {
    this.kept.clear();
    this.keysOf.clear();
    this.epoch++;
  }

  /** Forgets everything kept for one person. */
  dropUser(userId: string): void {
    for (const key of this.keysOf.get(userId) ?? []) this.kept.delete(key);
    this.keysOf.delete(userId);
    this.epoch++;
  }

  /** A notification from the triggers: `<table>:<user id>` or `<table>:*`. */
  heard(payload: string): void {
    const at = payload.indexOf(':');
    const table = payload.slice(0, at);
    const who = payload.slice(at + 1);
    if (at < 0 || who === '*') this.dropAll();
    else this.dropUser(who);
    if (ENDING.has(table) && who !== '*') this.ended.emit('ended', who);
  }

  get size(): number {
    return this.kept.size;
  }
}
