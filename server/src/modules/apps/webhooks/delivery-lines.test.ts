import { describe, expect, it } from 'vitest';
import { DeliveryLines, type Ready } from './delivery-lines.js';
import type { Subscription } from './webhook-repo.js';

const sub = (url: string): Subscription => ({
  webhookId: url,
  appId: 'app',
  url,
  events: ['robot.offline'],
  secretCipher: '',
  scopes: ['robots.read'],
  robots: { all: true, robotIds: [], buildingIds: [] },
});

let n = 0;
const ready = (url: string, since = 0): Ready => ({
  sub: sub(url),
  id: String(++n),
  eventId: `msg_${n}`,
  body: '{}',
  createdAt: 0,
  attempts: 0,
  since,
});

/** Until every pending setImmediate (the lines' slices) has run. */
const turns = async (k = 5) => {
  for (let i = 0; i < k; i++) await new Promise((r) => setImmediate(r));
};

function lines(now = () => 0) {
  const started: Ready[] = [];
  const finish = new Map<string, () => void>();
  const l = new DeliveryLines({
    allowPrivate: true,
    now,
    maxWaitMs: 30_000,
    start: (r, done) => {
      started.push(r);
      finish.set(r.id, done);
    },
  });
  return { l, started, finish };
}

describe('webhook delivery lines', () => {
  it('APPS-WEBHOOKS: a receiver that never answers holds up only its own line; the next in it starts as one ends', async () => {
    const { l, started, finish } = lines();
    for (let i = 0; i < 40; i++) l.add(ready('http://dead.example:8080/hook'));
    for (let i = 0; i < 5; i++) l.add(ready('http://alive.example/hook'));
    await turns();
    const at = (host: string) => started.filter((r) => r.sub.url.includes(host)).length;
    expect(at('dead.example')).toBe(16);
    expect(at('alive.example')).toBe(5);
    expect(l.waiting).toBe(24);
    // One of the dead receiver's attempts ends (its timeout): the next of its line starts.
    finish.get(started[0]?.id ?? '')?.();
    await turns();
    expect(at('dead.example')).toBe(17);
    expect(l.inFlight).toBe(16 + 5);
  });

  it('APPS-WEBHOOKS: a delivery that waited past its time is left to the retry loop, not sent from here', async () => {
    let t = 0;
    const { l, started, finish } = lines(() => t);
    for (let i = 0; i < 20; i++) l.add(ready('http://slow.example/hook', 0));
    l.add(ready('http://slow.example/hook', 30_500));
    await turns();
    expect(started).toHaveLength(16);
    // 31 s later the line has room again: the four that waited since 0 are dropped, the one leased at 30.5 s starts.
    t = 31_000;
    for (const r of started.splice(0)) finish.get(r.id)?.();
    await turns();
    expect(started.map((r) => r.since)).toEqual([30_500]);
    expect(l.waiting).toBe(0);
  });
});
