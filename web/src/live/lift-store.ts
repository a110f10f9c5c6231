import type { LiftLiveView, LiveServerMessage } from '@fleet/contract';
import { StreamStore } from './stream-store';

/**
 * The company's lifts as /live pushes them: a snapshot, then changed lifts whole, lifts that only reported again
 * (their age), and removals.
 */
export class LiftStore extends StreamStore {
  private readonly lifts = new Map<string, LiftLiveView>();
  private listCache: LiftLiveView[] | null = null;

  get(id: string): LiftLiveView | undefined {
    return this.lifts.get(id);
  }

  /** Every lift, the same array until the next change (safe as a React external-store snapshot). */
  list(): LiftLiveView[] {
    this.listCache ??= [...this.lifts.values()];
    return this.listCache;
  }

  protected take(message: LiveServerMessage): 'snapshot' | 'changes' | false {
    switch (message.type) {
      case 'liftSnapshot':
        this.lifts.clear();
        for (const l of message.lifts) this.lifts.set(l.id, l);
        return 'snapshot';
      case 'liftChanges':
        for (const l of message.lifts) this.lifts.set(l.id, l);
        for (const [id, at] of message.fresh) {
          const l = this.lifts.get(id);
          if (l) this.lifts.set(id, { ...l, reportedAt: new Date(at).toISOString() });
        }
        for (const id of message.removed) this.lifts.delete(id);
        return 'changes';
      default:
        return false;
    }
  }

  protected changed(): void {
    this.listCache = null;
  }
}
