import type { NewDelivery } from './webhook-repo.js';

/**
 * Deliveries made but not written yet, while their first attempt is under way or waiting (a delivery is written
 * once, with that attempt's outcome). Those still here after `firstWriteMs` are taken to be written pending, so a
 * crash loses at most that much; in the order they were made, so finding them costs what is taken.
 */
export class UnwrittenDeliveries {
  private readonly byId = new Map<string, NewDelivery>();
  /** Their ids in the order they were made (`head` is the oldest left). */
  private order: string[] = [];
  private head = 0;

  constructor(
    private readonly firstWriteMs: number,
    private readonly now: () => number,
  ) {}

  get size(): number {
    return this.byId.size;
  }

  add(delivery: NewDelivery): void {
    this.byId.set(delivery.id, delivery);
    this.order.push(delivery.id);
  }

  /** The delivery, no longer kept here (its first attempt is over); undefined when it was written already. */
  take(id: string): NewDelivery | undefined {
    const delivery = this.byId.get(id);
    this.byId.delete(id);
    return delivery;
  }

  /** Whether the oldest has waited `firstWriteMs`. */
  anyStale(): boolean {
    while (this.head < this.order.length) {
      const delivery = this.byId.get(this.order[this.head] as string);
      if (delivery) return this.now() - delivery.createdAt.getTime() >= this.firstWriteMs;
      this.head++;
    }
    return false;
  }

  /** Those that waited `firstWriteMs` (every one, when `all`), no longer kept here. */
  takeStale(all: boolean): NewDelivery[] {
    const taken: NewDelivery[] = [];
    const cutoff = this.now() - this.firstWriteMs;
    while (this.head < this.order.length) {
      const id = this.order[this.head] as string;
      const delivery = this.byId.get(id);
      if (delivery) {
        if (!all && delivery.createdAt.getTime() > cutoff) break;
        this.byId.delete(id);
        taken.push(delivery);
      }
      this.head++;
    }
    if (this.head === this.order.length) {
      this.order = [];
      this.head = 0;
    } else if (this.head > 4096) {
      this.order = this.order.slice(this.head);
      this.head = 0;
    }
    return taken;
  }
}
