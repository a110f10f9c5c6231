import { LIVE_CLOSE } from '@fleet/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './fake-socket.fixture';
import { type FleetWorkerScope, runFleetWorker } from './fleet-worker-main';
import type { FromFleetWorker, ToFleetWorker } from './fleet-worker-messages';
import { liveRobotFixture } from './live-robot.fixture';

const at = '2026-11-22T10:00:00.000Z';

/** The worker run against a fake scope (the page's side) and fake sockets (the server's). */
function setup() {
  const posted: Array<{ message: FromFleetWorker; transfer: Transferable[] }> = [];
  const sockets: FakeSocket[] = [];
  const scope: FleetWorkerScope = {
    postMessage: (message, transfer) => posted.push({ message, transfer }),
    onmessage: null,
  };
  runFleetWorker(scope, (url) => {
    const s = new FakeSocket(url);
    sockets.push(s);
    return s;
  });
  const page = (data: ToFleetWorker) => scope.onmessage?.({ data });
  const of = <T extends FromFleetWorker['type']>(type: T) =>
    posted.flatMap((p) =>
      p.message.type === type ? [p.message as Extract<FromFleetWorker, { type: T }>] : [],
    );
  return { posted, sockets, page, of };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the live worker', () => {
  it('asks the page where to connect, subscribes with its token and filter, and posts robots as deltas', async () => {
    const { posted, sockets, page, of } = setup();
    page({ type: 'start', filter: { buildingId: 'b1' } });
    expect(of('connecting')).toHaveLength(1);
    page({ type: 'endpoint', url: 'ws://fleet.test/live', token: 'tok' });
    await vi.advanceTimersByTimeAsync(0);
    const socket = sockets[0];
    expect(socket?.url).toBe('ws://fleet.test/live');
    socket?.open();
    expect(JSON.parse(socket?.sent[0] ?? '{}')).toEqual({
      type: 'subscribe',
      token: 'tok',
      frames: 'binary',
      buildingId: 'b1',
    });

    socket?.serverSends({ type: 'snapshot', robots: [liveRobotFixture({ id: 'a' })], at });
    socket?.serverSends({
      type: 'changes',
      robots: [],
      moved: [['a', 4, 5, 0, null, null, null, 60, Date.parse(at)]],
      removed: [],
      at,
    });
    expect(of('status').map((s) => s.status)).toEqual(['connecting', 'live']);
    const [first, second] = of('delta').map((d) => d.delta);
    expect(first?.reset).toBe(true);
    expect(first?.records.map((r) => r.id)).toEqual(['a']);
    expect(Array.from(second?.motion ?? [])).toEqual([0, 4, 5, 0, NaN, NaN, NaN, 60, Date.parse(at)]);
    // The motion numbers are handed over, not copied.
    const transfer = posted.find((p) => p.message === of('delta')[1])?.transfer;
    expect(transfer).toEqual([second?.motion.buffer]);
  });

  it('tells the page a refused token, and does not reconnect', async () => {
    const { sockets, page, of } = setup();
    page({ type: 'start', filter: {} });
    page({ type: 'endpoint', url: 'ws://fleet.test/live', token: 'old' });
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.open();
    sockets[0]?.serverCloses(LIVE_CLOSE.unauthorized);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(of('status').at(-1)?.status).toBe('unauthorized');
    expect(sockets).toHaveLength(1);
  });

  it('reconnects after a lost link, asking the page again, and resubscribes', async () => {
    const { sockets, page, of } = setup();
    page({ type: 'start', filter: { floorId: 'f1' } });
    page({ type: 'endpoint', url: 'ws://fleet.test/live', token: 'tok' });
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.open();
    sockets[0]?.serverCloses(1006);
    expect(of('status').at(-1)?.status).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1000);
    expect(of('connecting')).toHaveLength(2);
    page({ type: 'endpoint', url: 'ws://other-region.test/live', token: 'tok2' });
    await vi.advanceTimersByTimeAsync(0);
    sockets[1]?.open();
    expect(sockets[1]?.url).toBe('ws://other-region.test/live');
    expect(JSON.parse(sockets[1]?.sent[0] ?? '{}')).toEqual({
      type: 'subscribe',
      token: 'tok2',
      frames: 'binary',
      floorId: 'f1',
    });
  });

  it('a page that cannot tell the address makes it try again later', async () => {
    const { sockets, page, of } = setup();
    page({ type: 'start', filter: {} });
    page({ type: 'endpoint', url: null, token: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(0);
    expect(of('status').at(-1)?.status).toBe('reconnecting');
  });

  it('changes the filter on the same socket, and stops when told', async () => {
    const { sockets, page } = setup();
    page({ type: 'start', filter: {} });
    page({ type: 'endpoint', url: 'ws://fleet.test/live', token: 'tok' });
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.open();
    page({ type: 'filter', filter: { buildingId: 'b2' }, token: 'tok' });
    expect(JSON.parse(sockets[0]?.sent[1] ?? '{}')).toEqual({
      type: 'subscribe',
      token: 'tok',
      frames: 'binary',
      buildingId: 'b2',
    });
    page({ type: 'stop' });
    expect(sockets[0]?.closed).toBe(1000);
    expect(sockets).toHaveLength(1);
  });
});
