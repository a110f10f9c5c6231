import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserWebSocket } from './fake-socket.fixture';
import { createFleetFeed } from './fleet-feed';
import { FleetFold } from './fleet-fold';
import { FleetStore } from './fleet-store';
import type { FromFleetWorker, ToFleetWorker } from './fleet-worker-messages';
import { liveRobotFixture } from './live-robot.fixture';
import type { LiveStatus } from './live-socket';

/** The page's end of a worker: what the page posted, and the worker's answers played by hand. */
class FakeWorker {
  posted: ToFleetWorker[] = [];
  terminated = false;
  onmessage: ((ev: MessageEvent<FromFleetWorker>) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  postMessage(message: ToFleetWorker) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  says(message: FromFleetWorker) {
    this.onmessage?.({ data: message } as MessageEvent<FromFleetWorker>);
  }
}

function setup() {
  const workers: FakeWorker[] = [];
  const statuses: LiveStatus[] = [];
  const store = new FleetStore(() => undefined);
  const feed = createFleetFeed(store, {
    url: async () => 'ws://fleet.test/live',
    token: () => 'tok',
    onStatus: (s) => statuses.push(s),
    createWorker: () => {
      const w = new FakeWorker();
      workers.push(w);
      return w as unknown as Worker;
    },
  });
  return { feed, store, workers, statuses };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the robots feed', () => {
  it('starts the worker, tells it where to connect, and applies its deltas and statuses', async () => {
    const { feed, store, workers, statuses } = setup();
    feed.start({ floorId: 'f1' });
    const worker = workers[0];
    expect(worker?.posted).toEqual([{ type: 'start', filter: { floorId: 'f1' } }]);
    worker?.says({ type: 'connecting' });
    await vi.advanceTimersByTimeAsync(0);
    expect(worker?.posted.at(-1)).toEqual({ type: 'endpoint', url: 'ws://fleet.test/live', token: 'tok' });

    const fold = new FleetFold();
    fold.receive({
      type: 'snapshot',
      robots: [liveRobotFixture({ id: 'a', name: 'Courier' })],
      at: '2026-11-22T10:00:00.000Z',
    });
    const delta = fold.take();
    if (delta) worker?.says({ type: 'delta', delta });
    worker?.says({ type: 'status', status: 'live' });
    store.flush();
    expect(store.get('a')?.name).toBe('Courier');
    expect(statuses).toEqual(['live']);

    feed.setFilter({ floorId: 'f2' });
    expect(worker?.posted.at(-1)).toEqual({ type: 'filter', filter: { floorId: 'f2' }, token: 'tok' });
    feed.stop();
    expect(worker?.posted.at(-1)).toEqual({ type: 'stop' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(worker?.terminated).toBe(true);
  });

  it('runs in the page when the worker cannot start', async () => {
    const { feed, workers } = setup();
    const sockets = stubBrowserWebSocket();
    try {
      feed.start({});
      workers[0]?.onerror?.(new Event('error'));
      await vi.advanceTimersByTimeAsync(0);
      expect(sockets.map((s) => s.url)).toEqual(['ws://fleet.test/live']);
      expect(workers[0]?.terminated).toBe(false);
      await vi.advanceTimersByTimeAsync(1000);
      expect(workers[0]?.terminated).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
