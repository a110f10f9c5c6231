import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListenHandlers } from '../../../db/client.js';
import { AppError, badRequest, conflict } from '../../../errors.js';
import type { SessionOp } from '../run-session-op.js';
import { ASK_MS, SESSIONS_CHANNEL, SessionMesh, TEST_CALL_MARGIN_MS } from './session-mesh.js';

/** One database's NOTIFY as the instances hear it: every listener, the sender too, a moment later. */
function bus() {
  const heard = new Set<ListenHandlers>();
  const sent: Array<{ t: string }> = [];
  return {
    sent,
    transport: {
      listen: async (channel: string, handlers: ListenHandlers) => {
        expect(channel).toBe(SESSIONS_CHANNEL);
        heard.add(handlers);
        return { close: async () => void heard.delete(handlers) };
      },
      notify: async (_channel: string, payload: string) => {
        sent.push(JSON.parse(payload) as { t: string });
        await Promise.resolve();
        for (const h of [...heard]) h.onMessage(payload);
      },
    },
  };
}

const command: SessionOp = {
  t: 'command',
  companyId: 'acme',
  liftId: 'lift-a',
  actor: { id: 'u1', name: 'Ana' },
  body: { type: 'robotMode', on: true, reason: 'check' },
  sessionMs: 60_000,
};
const testCall: SessionOp = {
  t: 'testCall',
  companyId: 'acme',
  liftId: 'lift-a',
  actorId: 'u1',
  floor: '12',
  timeoutMs: 20_000,
};

/** Instance `self` among others that all reckon `carrier` carries lift-a; `run` is what its sessions do. */
async function instance(
  net: ReturnType<typeof bus> | null,
  self: string | null,
  run: (op: SessionOp) => Promise<unknown>,
  carrier = 'b',
) {
  const runHere = vi.fn(run);
  const mesh = new SessionMesh({
    self,
    carrierOf: async () => carrier,
    runHere: runHere as never,
    log: pino({ level: 'silent' }),
    ...(net ? { transport: net.transport } : {}),
  });
  await mesh.join();
  return { mesh, runHere };
}

const refusalOf = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('answered');
    },
    (err: unknown) => err as AppError,
  );

describe('SessionMesh (LIFTS-SESSIONS-CARRIED)', () => {
  const meshes: SessionMesh[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    for (const m of meshes.splice(0)) await m.close();
  });
  const track = <T extends { mesh: SessionMesh }>(i: T) => {
    meshes.push(i.mesh);
    return i;
  };

  it('alone, runs every request here and says nothing', async () => {
    const net = bus();
    const alone = track(await instance(null, null, async () => 'here', 'elsewhere'));
    await expect(alone.mesh.run(command)).resolves.toBe('here');
    expect(net.sent).toEqual([]);
  });

  it('the carrier runs its own requests here, without a word to the others', async () => {
    const net = bus();
    const b = track(await instance(net, 'b', async () => 'on b'));
    await expect(b.mesh.run(command)).resolves.toBe('on b');
    expect(net.sent).toEqual([]);
  });

  it('another instance hands the request to the carrier and answers with its outcome', async () => {
    const net = bus();
    const a = track(await instance(net, 'a', async () => 'on a'));
    const b = track(await instance(net, 'b', async (op) => ({ ran: op.t, on: 'b' })));
    const c = track(await instance(net, 'c', async () => 'on c'));
    await expect(a.mesh.run(command)).resolves.toEqual({ ran: 'command', on: 'b' });
    expect(b.runHere).toHaveBeenCalledExactlyOnceWith(command);
    expect(a.runHere).not.toHaveBeenCalled();
    expect(c.runHere).not.toHaveBeenCalled();
    expect(net.sent.map((m) => m.t)).toEqual(['ask', 'taken', 'answer']);
  });

  it.each([
    [
      'a 409 with its rule',
      conflict('Lift A is held by a ride', { rule: 'liftHeld', params: { lift: 'Lift A', purpose: 'ride' } }),
    ],
    [
      'a 400 with its field and rule',
      badRequest('body.floorCode', 'Lift A has no landing "9" (it has 0, 12)', {
        rule: 'liftNoLanding',
        params: { lift: 'Lift A', floor: '9', floors: '0, 12' },
      }),
    ],
    ['headers', new AppError('RATE_LIMITED', 'slow down', { 'Retry-After': '7' })],
  ])('the carrier’s refusal comes back as it was thrown: %s', async (_, thrown) => {
    const net = bus();
    const a = track(await instance(net, 'a', async () => 'on a'));
    track(
      await instance(net, 'b', async () => {
        throw thrown;
      }),
    );
    const err = await refusalOf(a.mesh.run(command));
    expect(err).toBeInstanceOf(AppError);
    expect({ ...err, message: err.message }).toEqual({ ...thrown, message: thrown.message });
  });

  it('a failure that is not a refusal comes back as an internal error, without its words', async () => {
    const net = bus();
    const a = track(await instance(net, 'a', async () => 'on a'));
    track(
      await instance(net, 'b', async () => {
        throw new Error('connection to 10.0.0.5 lost');
      }),
    );
    const err = await refusalOf(a.mesh.run(command));
    expect(err.code).toBe('INTERNAL');
    expect(err.message).not.toContain('10.0.0.5');
  });

  it('an instance asked while it does not reckon it carries the lift runs nothing: 503 at once', async () => {
    const net = bus();
    const a = track(await instance(net, 'a', async () => 'on a'));
    const b = track(await instance(net, 'b', async () => 'on b', 'a'));
    const err = await refusalOf(a.mesh.run(command));
    expect(err.code).toBe('UNAVAILABLE');
    expect(err.headers['Retry-After']).toBe('2');
    expect(b.runHere).not.toHaveBeenCalled();
  });

  it('no carrier takes the request up within a few seconds: 503 with Retry-After', async () => {
    vi.useFakeTimers();
    const net = bus();
    const a = track(await instance(net, 'a', async () => 'on a', 'gone'));
    const answer = refusalOf(a.mesh.run(command));
    await vi.advanceTimersByTimeAsync(ASK_MS - 1);
    expect(net.sent.map((m) => m.t)).toEqual(['ask']);
    await vi.advanceTimersByTimeAsync(1);
    const err = await answer;
    expect(err.code).toBe('UNAVAILABLE');
    expect(err.headers).toEqual({ 'Retry-After': '2' });
    expect(a.runHere).not.toHaveBeenCalled();
  });

  it('a test call taken up is waited for as long as it may last, plus a margin', async () => {
    vi.useFakeTimers();
    const net = bus();
    const a = track(await instance(net, 'a', async () => 'on a'));
    let finish: (v: unknown) => void = () => {};
    track(await instance(net, 'b', () => new Promise((resolve) => (finish = resolve))));
    const answer = a.mesh.run(testCall);
    await vi.advanceTimersByTimeAsync(19_000);
    finish({ passed: true });
    await expect(answer).resolves.toEqual({ passed: true });

    // One that never ends: 503 once its limit and the margin have passed, not before.
    const lost = refusalOf(a.mesh.run(testCall));
    let settled = false;
    void lost.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(20_000 + TEST_CALL_MARGIN_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await lost).code).toBe('UNAVAILABLE');
  });
});
