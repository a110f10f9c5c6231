import type { LiftLiveView, LiveServerMessage } from '@fleet/contract';

type Listener = () => void;

/**
 * The company's lifts as /live pushes them, kept outside React like the robots (STYLE.md, "Live data in
 * React"): a snapshot, then changed lifts whole, lifts that only reported again (their age), and removals.
 */
export class LiftStore {
  private readonly lifts = new Map<string, LiftLiveView>();
  private readonly listeners = new Set<Listener>();
  private listCache: LiftLiveView[] | null = null;
  private _ready = false;
  private _forbidden = false;

  /** The first snapshot has arrived. */
  get ready(): boolean {
    return this._ready;
  }

  /** The server refused to send lifts: the account may not read them. */
  get forbidden(): boolean {
    return this._forbidden;
  }

  receive(message: LiveServerMessage): void {
    switch (message.type) {
      case 'liftSnapshot':
        this.lifts.clear();
        for (const l of message.lifts) this.lifts.set(l.id, l);
        this._ready = true;
        this._forbidden = false;
        break;
      case 'liftChanges':
        for (const l of message.lifts) this.lifts.set(l.id, l);
        for (const [id, at] of message.fresh) {
          const l = this.lifts.get(id);
          if (l) this.lifts.set(id, { ...l, reportedAt: new Date(at).toISOString() });
        }
        for (const id of message.removed) this.lifts.delete(id);
        break;
      case 'error':
        if (message.code !== 'FORBIDDEN') return;
        this._forbidden = true;
        this._ready = true;
        break;
      default:
        return;
    }
    this.listCache = null;
    for (const l of this.listeners) l();
  }

  get(id: string): LiftLiveView | undefined {
    return this.lifts.get(id);
  }

  /** Every lift, the same array until the next change (safe as a React external-store snapshot). */
  list(): LiftLiveView[] {
    this.listCache ??= [...this.lifts.values()];
    return this.listCache;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
