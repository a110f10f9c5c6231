import { LIVE_CLOSE, type LiveServerMessage } from '@fleet/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './fake-socket.fixture';
import { LiveSocket, type LiveStatus, RECONNECT_DELAYS_MS } from './live-socket';
import { liveUrl } from './live-url';

function setup(token: string | null = 'tok') {
  const sockets: FakeSocket[] = [];
  const statuses: LiveStatus[] = [];
  const messages: LiveServerMessage[] = [];
  const live = new LiveSocket({
    url: async () => 'ws://fleet.test/live',
    token: () => token,
    onMessage: (m) => messages.push(m),
    onStatus: (s) => statuses.push(s),
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    jitter: () => 0,
  });
  return { live, sockets, statuses, messages };
}

const snapshot: LiveServerMessage = { type: 'snapshot', robots: [], at: '2026-11-22T10:00:00.000Z' };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('LiveSocket', () => {
  it('subscribes with the token and the filter, then reports live on the snapshot', async () => {
    const { live, sockets, statuses, messages } = setup();
    live.start({ buildingId: 'b1', floorId: 'f1' });
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.open();
    expect(JSON.parse(sockets[0]?.sent[0] ?? '')).toEqual({
      type: 'subscribe',
      token: 'tok',
      frames: 'binary',
      buildingId: 'b1',
      floorId: 'f1',
    });
    sockets[0]?.serverSends(snapshot);
    expect(statuses).toEqual(['connecting', 'live']);
    expect(messages).toEqual([snapshot]);
  });

  it('reconnects with growing delays and resubscribes', async () => {
    const { live, sockets, statuses } = setup();
    live.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.serverCloses(1006);
    expect(statuses.at(-1)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync((RECONNECT_DELAYS_MS[0] ?? 0) - 1);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    sockets[1]?.serverCloses(1006);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[1] ?? 0);
    expect(sockets).toHaveLength(3);
    sockets[2]?.open();
    expect(sockets[2]?.sent[0]).toContain('"subscribe"');
  });

  it('stops for good when the server refuses the token', async () => {
    const { live, sockets, statuses } = setup();
    live.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.open();
    sockets[0]?.serverCloses(LIVE_CLOSE.unauthorized);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    expect(statuses.at(-1)).toBe('unauthorized');
  });

  it('does not connect without a token', async () => {
    const { live, sockets, statuses } = setup(null);
    live.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.open();
    expect(sockets[0]?.sent).toEqual([]);
    expect(statuses.at(-1)).toBe('unauthorized');
  });

  it('changing the filter resubscribes on the open socket', async () => {
    const { live, sockets } = setup();
    live.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.open();
    live.setFilter({ floorId: 'f2' });
    expect(JSON.parse(sockets[0]?.sent[1] ?? '')).toMatchObject({ type: 'subscribe', floorId: 'f2' });
  });

  it('pings while open and stops everything when stopped', async () => {
    const { live, sockets } = setup();
    live.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.open();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sockets[0]?.sent).toContain('{"type":"ping"}');
    live.stop();
    expect(sockets[0]?.closed).toBe(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it("takes the robots' changes as the binary frame, asking for ArrayBuffers", async () => {
    const { live, sockets, messages } = setup();
    live.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets[0]?.binaryType).toBe('arraybuffer');
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const changes: LiveServerMessage = {
      type: 'changes',
      robots: [],
      moved: [[id, 1.5, -2, 0.785, null, null, null, 80.5, 1_795_341_600_123]],
      removed: ['7c9e6679-7425-40de-944b-e07fc1f90ae7'],
      at: '2026-11-22T10:00:00.000Z',
    };
    sockets[0]?.serverSendsFrame(changes);
    expect(messages).toEqual([changes]);
  });

  it('ignores text that is not JSON and frames it does not know', async () => {
    const { live, sockets, messages } = setup();
    live.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.onmessage?.({ data: 'not json' });
    sockets[0]?.onmessage?.({ data: new Uint8Array([9, 0, 0, 0]).buffer });
    sockets[0]?.onmessage?.({ data: new Blob(['{}']) });
    expect(messages).toEqual([]);
  });
});

describe('liveUrl', () => {
  it.each([
    ['http://localhost:8080', 'ws://localhost:8080/live'],
    ['https://us.fleet.example/', 'wss://us.fleet.example/live'],
    ['https://eu.fleet.example/base', 'wss://eu.fleet.example/live'],
  ])('%s → %s', (base, expected) => {
    expect(liveUrl(base)).toBe(expected);
  });
});
