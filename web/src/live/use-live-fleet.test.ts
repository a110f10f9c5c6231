import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeSocket, stubBrowserWebSocket } from './fake-socket.fixture';
import type { LiveFilter } from './live-socket';
import { useLiveFleet } from './use-live-fleet';

vi.mock('./live-endpoint', () => ({ currentLiveUrl: async () => 'ws://fleet.test/live' }));
vi.mock('./use-live-socket', async (original) => ({
  ...(await original<typeof import('./use-live-socket')>()),
  liveToken: () => 'tok',
}));

let sockets: FakeSocket[];
beforeEach(() => {
  // No Worker in jsdom: the feed runs in the page and opens the browser's WebSocket, played here by FakeSocket.
  sockets = stubBrowserWebSocket();
});
afterEach(() => vi.unstubAllGlobals());

/** Lets the feed resolve its address and connect, then opens the socket as the server would. */
async function opened(index: number): Promise<FakeSocket> {
  await act(async () => {});
  const socket = sockets[index];
  if (!socket) throw new Error(`no socket ${index}`);
  act(() => socket.open());
  return socket;
}
const subscriptions = (s: FakeSocket) =>
  s.sent.map((m) => JSON.parse(m)).filter((m) => m.type === 'subscribe');

describe('useLiveFleet', () => {
  it('a list screen subscribes at the list pace, a map at the live one (LIVE-LIST-PACE)', async () => {
    renderHook(() => useLiveFleet({ pace: 'list' }));
    expect(subscriptions(await opened(0))).toEqual([
      { type: 'subscribe', token: 'tok', frames: 'binary', pace: 'list' },
    ]);
    renderHook(() => useLiveFleet({ buildingId: 'b1', floorId: 'f1' }));
    const [map] = subscriptions(await opened(1));
    expect(map).toEqual({
      type: 'subscribe',
      token: 'tok',
      frames: 'binary',
      buildingId: 'b1',
      floorId: 'f1',
    });
  });

  it('follows nothing while given null, then the floor it is given, and closes when given null again', async () => {
    const { rerender } = renderHook((filter: LiveFilter | null) => useLiveFleet(filter), {
      initialProps: null as LiveFilter | null,
    });
    await act(async () => {});
    expect(sockets).toHaveLength(0);
    rerender({ floorId: 'f1' });
    const socket = await opened(0);
    expect(subscriptions(socket).at(-1)).toMatchObject({ floorId: 'f1' });
    rerender({ floorId: 'f2' });
    expect(subscriptions(socket).at(-1)).toMatchObject({ floorId: 'f2' });
    expect(sockets).toHaveLength(1);
    rerender(null);
    expect(socket.closed).toBe(1000);
  });
});
