import type { LiveServerMessage } from '@fleet/contract';

type Listener = () => void;

/**
 * What every /live stream's store shares (lifts, devices): whether its first snapshot (or the refusal) has come,
 * whether the account may read it, and who is told of each change. Kept outside React (STYLE.md, "Live data in
 * React"). A subclass takes its own messages in `take` and says whether anything changed.
 */
export abstract class StreamStore {
  private readonly listeners = new Set<Listener>();
  private _ready = false;
  private _forbidden = false;

  /** The first snapshot has arrived. */
  get ready(): boolean {
    return this._ready;
  }

  /** The server refused the stream: the account may not read it. */
  get forbidden(): boolean {
    return this._forbidden;
  }

  receive(message: LiveServerMessage): void {
    if (message.type === 'error') {
      if (message.code !== 'FORBIDDEN') return;
      this._forbidden = true;
      this._ready = true;
    } else {
      const taken = this.take(message);
      if (!taken) return;
      if (taken === 'snapshot') {
        this._ready = true;
        this._forbidden = false;
      }
    }
    this.changed();
    for (const l of this.listeners) l();
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Takes a message of this stream: 'snapshot', 'changes', or false for another stream's. */
  protected abstract take(message: LiveServerMessage): 'snapshot' | 'changes' | false;

  /** Something changed: drop what was worked out from the old state. */
  protected abstract changed(): void;
}
