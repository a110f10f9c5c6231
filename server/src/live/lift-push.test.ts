import type { LiftLiveView } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { LIFT_FRESH_MS, type LiftFeed, LiftPush } from './lift-push.js';

/** Lifts the test changes by hand, with the listeners the push registered. */
class FakeFeed implements LiftFeed {
  readonly lifts = new Map<string, LiftLiveView>();
  readonly busyIds = new Set<string>();
  private readonly listeners = new Set<(id: string) => void>();
  list(companyId: string) {
    return [...this.lifts.values()].filter((l) => companyOf(l) === companyId);
  }
  view(id: string) {
    return this.lifts.get(id);
  }
  companyOf(id: string) {
    const l = this.lifts.get(id);
    return l && companyOf(l);
  }
  *reportTimes(): Iterable<[string, string, number | null]> {
    for (const l of this.lifts.values())
      yield [l.id, companyOf(l), l.reportedAt ? Date.parse(l.reportedAt) : null];
  }
  busy() {
    return this.busyIds;
  }
  onChange(listener: (id: string) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  /** Changes a lift and tells the push, as the live store does. */
  change(id: string, patch: Partial<LiftLiveView>) {
    const l = this.lifts.get(id);
    if (!l) throw new Error(id);
    this.lifts.set(id, { ...l, ...patch });
    for (const f of this.listeners) f(id);
  }
  /** A state repeated unchanged: only the time moves on, and the store tells nobody. */
  repeat(id: string, at: number) {
    const l = this.lifts.get(id);
    if (l) this.lifts.set(id, { ...l, reportedAt: new Date(at).toISOString() });
  }
  remove(id: string) {
    this.lifts.delete(id);
    for (const f of this.listeners) f(id);
  }
}

// The company is carried in the bank id of these fixtures: the view itself does not name it.
const companyOf = (l: LiftLiveView) => l.bankId.slice(0, 8);

const lift = (n: number, company: 'aaaaaaaa' | 'bbbbbbbb', at: number): LiftLiveView => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  bankId: `${company}-0000-4000-8000-000000000001`,
  buildingId: '00000000-0000-4000-8000-0000000000b1',
  name: `Car ${n}`,
  gatewayId: 'gw',
  gatewayOnline: true,
  report: {
    availableFloors: ['L', '12'],
    currentFloor: 'L',
    destinationFloor: null,
    doorState: 'closed',
    motion: 'stopped',
    availableModes: ['human', 'agv'],
    currentMode: 'agv',
    sessionId: null,
  },
  reportedAt: new Date(at).toISOString(),
  stale: false,
  enabledForRobots: true,
  outOfService: false,
  blocked: null,
  holder: null,
  waiting: [],
});

class FakeSocket {
  readonly OPEN = 1;
  readyState = 1;
  readonly sent: string[] = [];
  send(data: Buffer | string) {
    this.sent.push(String(data));
  }
  messages() {
    return this.sent.map((s) => JSON.parse(s));
  }
}

function setup() {
  const t0 = 1_000_000;
  const feed = new FakeFeed();
  for (const l of [lift(1, 'aaaaaaaa', t0), lift(2, 'aaaaaaaa', t0), lift(3, 'bbbbbbbb', t0)])
    feed.lifts.set(l.id, l);
  let bytes = 0;
  const push = new LiftPush(feed, (b) => {
    bytes += b;
  });
  const follow = (companyId: string) => {
    const socket = new FakeSocket();
    const sub = { socket: socket as unknown as WebSocket, companyId };
    socket.send(push.add(sub, t0));
    return { socket, sub };
  };
  const ids = [...feed.lifts.keys()];
  return { t0, feed, push, follow, ids, bytes: () => bytes };
}

describe('lifts over /live (LIFTS-LIVE-PUSH)', () => {
  it('starts with a snapshot of the company’s lifts only', () => {
    const { follow } = setup();
    const { socket } = follow('aaaaaaaa');
    const [snapshot] = socket.messages();
    expect(snapshot.type).toBe('liftSnapshot');
    expect(snapshot.lifts.map((l: LiftLiveView) => l.name)).toEqual(['Car 1', 'Car 2']);
  });

  it('sends a changed lift whole at the next tick, once, to every browser of its company and no other', () => {
    const { t0, feed, push, follow, ids } = setup();
    const a = follow('aaaaaaaa');
    const a2 = follow('aaaaaaaa');
    const b = follow('bbbbbbbb');
    const [car1 = ''] = ids;
    const report = feed.view(car1)?.report;
    if (!report) throw new Error('no report');
    feed.change(car1, { report: { ...report, doorState: 'open' } });
    push.flush(t0 + 50);
    const [changes] = a.socket.messages().slice(1);
    expect(changes).toMatchObject({ type: 'liftChanges', fresh: [], removed: [] });
    expect(changes.lifts.map((l: LiftLiveView) => [l.name, l.report?.doorState])).toEqual([
      ['Car 1', 'open'],
    ]);
    expect(a2.socket.sent[1]).toBe(a.socket.sent[1]);
    expect(b.socket.sent).toHaveLength(1);
    push.flush(t0 + 100);
    expect(a.socket.sent).toHaveLength(2);
  });

  it('says a lift that repeats its state is fresh, at most once a second, without its whole record', () => {
    const { t0, feed, push, follow, ids } = setup();
    const a = follow('aaaaaaaa');
    const [car1 = ''] = ids;
    feed.repeat(car1, t0 + 900);
    push.flush(t0 + LIFT_FRESH_MS);
    const [changes] = a.socket.messages().slice(1);
    expect(changes.lifts).toEqual([]);
    expect(changes.fresh).toEqual([[car1, t0 + 900]]);
    feed.repeat(car1, t0 + 1300);
    push.flush(t0 + LIFT_FRESH_MS + 500);
    expect(a.socket.sent).toHaveLength(2);
    push.flush(t0 + 2 * LIFT_FRESH_MS);
    expect(a.socket.messages()[2].fresh).toEqual([[car1, t0 + 1300]]);
  });

  it('looks at held and waited-for lifts every tick, and once more after they are free', () => {
    const { t0, feed, push, follow, ids } = setup();
    const a = follow('aaaaaaaa');
    const [car1 = ''] = ids;
    const l = feed.lifts.get(car1);
    if (!l) throw new Error('no car');
    // The sessions change the view without the store hearing of it.
    feed.busyIds.add(car1);
    feed.lifts.set(car1, { ...l, waiting: [{ robotId: car1, since: l.reportedAt ?? '', note: null }] });
    push.flush(t0 + 50);
    expect(a.socket.messages()[1].lifts[0].waiting).toHaveLength(1);
    feed.busyIds.delete(car1);
    feed.lifts.set(car1, { ...l, waiting: [] });
    push.flush(t0 + 100);
    expect(a.socket.messages()[2].lifts[0].waiting).toEqual([]);
  });

  it('says a removed lift is gone', () => {
    const { t0, feed, push, follow, ids } = setup();
    const a = follow('aaaaaaaa');
    const [, car2 = ''] = ids;
    feed.remove(car2);
    push.flush(t0 + 50);
    expect(a.socket.messages()[1]).toMatchObject({ lifts: [], removed: [car2] });
  });

  it('a second browser joining does not hide a change the first has not been sent yet', () => {
    const { t0, feed, push, follow, ids } = setup();
    const a = follow('aaaaaaaa');
    const [car1 = ''] = ids;
    feed.change(car1, { outOfService: true });
    follow('aaaaaaaa');
    push.flush(t0 + 50);
    expect(a.socket.messages()[1].lifts.map((l: LiftLiveView) => l.outOfService)).toEqual([true]);
  });

  it('sends nothing and keeps nothing for a company nobody follows any more', () => {
    const { t0, feed, push, follow, ids, bytes } = setup();
    const a = follow('aaaaaaaa');
    push.remove(a.sub);
    const [car1 = ''] = ids;
    feed.change(car1, { outOfService: true });
    push.flush(t0 + 50);
    expect(a.socket.sent).toHaveLength(1);
    expect(bytes()).toBe(0);
    // Following again starts from the lift as it is now.
    const again = follow('aaaaaaaa');
    push.flush(t0 + 100);
    expect(again.socket.messages()[0].lifts[0].outOfService).toBe(true);
    expect(again.socket.sent).toHaveLength(1);
  });
});
