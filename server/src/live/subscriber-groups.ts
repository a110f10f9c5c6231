import type { WebSocket } from 'ws';

export interface LiveFilter {
  buildingId?: string;
  floorId?: string;
}

export interface Subscriber {
  socket: WebSocket;
  token: string;
  companyId: string;
  filter: LiveFilter;
  /** Robots whose changes it missed while too much was unsent to it; they go with its next batch. */
  backlog: Set<string> | null;
}

/** Browsers of one company with the same filter: they get the very same batch, built once. */
export interface Group {
  companyId: string;
  filter: LiveFilter;
  subscribers: Set<Subscriber>;
  /** Robots of the company that changed since the last tick. */
  dirty: Set<string>;
}

const keyOf = (f: LiveFilter) => `${f.buildingId ?? ''}|${f.floorId ?? ''}`;

/**
 * The browsers on /live, grouped by company and filter. Twenty operators watching the same fleet cost one
 * set of changed robots and one batch per tick, not twenty.
 */
export class SubscriberGroups {
  private readonly byCompany = new Map<string, Map<string, Group>>();
  private readonly groupOf = new Map<Subscriber, Group>();

  add(s: Subscriber): void {
    const groups = this.byCompany.get(s.companyId) ?? new Map<string, Group>();
    this.byCompany.set(s.companyId, groups);
    const key = keyOf(s.filter);
    let group = groups.get(key);
    if (!group) {
      group = { companyId: s.companyId, filter: s.filter, subscribers: new Set(), dirty: new Set() };
      groups.set(key, group);
    }
    group.subscribers.add(s);
    this.groupOf.set(s, group);
  }

  remove(s: Subscriber): void {
    const group = this.groupOf.get(s);
    if (!group) return;
    this.groupOf.delete(s);
    group.subscribers.delete(s);
    if (group.subscribers.size) return;
    const groups = this.byCompany.get(s.companyId);
    groups?.delete(keyOf(group.filter));
    if (groups && !groups.size) this.byCompany.delete(s.companyId);
  }

  /** A robot of `companyId` changed: every group of the company looks at it at the next tick. */
  changed(companyId: string, robotId: string): void {
    const groups = this.byCompany.get(companyId);
    if (groups) for (const g of groups.values()) g.dirty.add(robotId);
  }

  *groups(): Iterable<Group> {
    for (const groups of this.byCompany.values()) yield* groups.values();
  }

  subscribers(): Subscriber[] {
    return [...this.groupOf.keys()];
  }

  get size(): number {
    return this.groupOf.size;
  }

  clear(): void {
    this.byCompany.clear();
    this.groupOf.clear();
  }
}
