import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';

/** The channel the migration's triggers notify (drizzle/0017_auth_changes.sql). */
export const AUTH_CHANNEL = 'fc_auth_changed';

/** A kept answer is used for this long at most, even if no change was heard: a bound, not the mechanism. */
const MAX_AGE_MS = 30_000;
/** Past this many kept answers the cache starts again (a bound on memory, not an eviction policy). */
const MAX_ENTRIES = 100_000;
/** How long a request waits to hear its own fence before it forgets everything instead. */
const FENCE_WAIT_MS = 1000;
/** A fence's notification: `fence:<id>`, sent by an instance after its own writes, heard by every instance. */
const FENCE = 'fence';
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
 * `fc_auth_changed` (LISTEN/NOTIFY). A request that may have written waits, before it answers, for a *fence*: a
 * notification it sends after its commits. PostgreSQL delivers notifications in the order their transactions
 * committed, so once the fence is heard every change the request made has been heard, and dropped for the people it
 * names only. A change is thus seen by the very next request here and within milliseconds elsewhere.
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
  /** Fences sent by this instance, not heard yet. */
  private readonly fences = new Map<string, () => void>();

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

  /**
   * Resolves once every change committed before it is heard (`notify` sends the fence's payload on the channel).
   * When the fence cannot be sent or is not heard in time, everything kept is forgotten instead.
   */
  async fence(notify: (payload: string) => Promise<unknown>): Promise<void> {
    // Nothing is kept while changes cannot be heard.
    if (!this.linked) return;
    const id = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      this.fences.set(id, () => resolve(true));
      timer = setTimeout(() => resolve(false), FENCE_WAIT_MS);
    });
    const sent = await notify(`${FENCE}:${id}`).then(
      () => true,
      () => false,
    );
    const ok = sent && (await heard);
    clearTimeout(timer);
    this.fences.delete(id);
    if (!ok) this.dropAll();
  }

  /** A notification from the triggers: `<table>:<user id>` or `<table>:*`; or a fence. */
  heard(payload: string): void {
    const at = payload.indexOf(':');
    const table = payload.slice(0, at);
    const who = payload.slice(at + 1);
    // Another instance's fence says nothing; this one's says all before it was heard.
    if (table === FENCE) {
      this.fences.get(who)?.();
      return;
    }
    if (at < 0 || who === '*') this.dropAll();
    else this.dropUser(who);
    if (ENDING.has(table) && who !== '*') this.ended.emit('ended', who);
  }

  get size(): number {
    return this.kept.size;
  }
}
