import type { LiveMotion, LiveRobot, LiveServerMessage } from '@fleet/contract';

type Listener = () => void;
type Schedule = (flush: () => void) => void;

/** In the browser one flush per animation frame; tests pass their own. */
const nextFrame: Schedule = (flush) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
  else setTimeout(flush, 16);
};

/**
 * The latest state of every robot the browser is subscribed to, kept outside React (see STYLE.md, "Live
 * data in React"). Messages from /live are queued and folded in once per animation frame, however many
 * arrive; readers compare `version` to know whether anything changed since they last looked.
 */
export class FleetStore {
  private readonly robots = new Map<string, LiveRobot>();
  private readonly listeners = new Set<Listener>();
  private pending: LiveServerMessage[] = [];
  private scheduled = false;
  private listCache: { version: number; list: LiveRobot[] } | null = null;
  private _version = 0;
  private _ready = false;

  constructor(private readonly schedule: Schedule = nextFrame) {}

  /** Bumped on every applied batch. */
  get version(): number {
    return this._version;
  }

  /** A snapshot has arrived since the store was created or cleared. */
  get ready(): boolean {
    return this._ready;
  }

  receive(message: LiveServerMessage): void {
    if (message.type !== 'snapshot' && message.type !== 'changes') return;
    this.pending.push(message);
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => this.flush());
  }

  /** Applies every queued message at once; normally called by the scheduler. */
  flush(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    for (const message of batch) {
      if (message.type === 'snapshot') {
        this.robots.clear();
        this._ready = true;
      }
      if (message.type === 'snapshot' || message.type === 'changes') {
        for (const robot of message.robots) this.robots.set(robot.id, robot);
      }
      if (message.type === 'changes') {
        // Older servers sent whole records only.
        for (const motion of message.moved ?? []) this.move(motion);
        for (const id of message.removed) this.robots.delete(id);
      }
    }
    this.bump();
  }

  /** Forgets everything, e.g. when the subscription changes company. */
  clear(): void {
    this.pending = [];
    this.robots.clear();
    this._ready = false;
    this.bump();
  }

  get(id: string): LiveRobot | undefined {
    return this.robots.get(id);
  }

  /** Every robot, the same array until the next change (safe as a React external-store snapshot). */
  list(): LiveRobot[] {
    if (this.listCache?.version !== this._version) {
      this.listCache = { version: this._version, list: [...this.robots.values()] };
    }
    return this.listCache.list;
  }

  get size(): number {
    return this.robots.size;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A robot that only moved: its record with the new position, speed, battery and time last heard from. */
  private move([id, x, y, theta, vx, vy, omega, battery, lastSeenMs]: LiveMotion): void {
    const robot = this.robots.get(id);
    if (!robot?.position) return;
    this.robots.set(id, {
      ...robot,
      position: { mapId: robot.position.mapId, x, y, theta },
      velocity: vx === null || vy === null || omega === null ? null : { vx, vy, omega },
      battery,
      stale: false,
      lastSeenAt: new Date(lastSeenMs).toISOString(),
    });
  }

  private bump(): void {
    this._version += 1;
    for (const listener of this.listeners) listener();
  }
}
