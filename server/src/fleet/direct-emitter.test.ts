import { describe, expect, it } from 'vitest';
import { DirectEmitter, mayMatchTelemetry } from './direct-emitter.js';

const P = 'uagv/v2';
const packet = (topic: string, retain = false) => ({ topic, payload: Buffer.from('{}'), retain });
const settle = () => new Promise((r) => setImmediate(r));

/** An emitter with the ingest subscribed, and what each listener heard. */
async function setup() {
  const router = new DirectEmitter({ concurrency: 100 });
  const ingest: string[] = [];
  const ingestListener = (p: { topic: string }, done: () => void) => {
    ingest.push(p.topic);
    done();
  };
  router.useDirect(P, ingestListener);
  await new Promise<void>((r) => router.on(`${P}/+/+/+`, ingestListener, r));
  return { router, ingest };
}

describe('the broker’s router: robots’ telemetry the short way', () => {
  it('knows which subscriptions may match a robot’s state or visualization', () => {
    for (const f of [
      '#',
      `${P}/#`,
      `${P}/+/+/+`,
      `${P}/+/+/state`,
      `${P}/acme/R1/visualization`,
      'uagv/+/+/+/+',
      '$share/g/#',
    ])
      expect(mayMatchTelemetry(P, f), f).toBe(true);
    for (const f of [
      `${P}/+/+/order`,
      `${P}/acme/R1/instantActions`,
      '$SYS/+/heartbeat',
      'lifts/v1/#',
      `${P}/+/+`,
      `${P}/a/b/c/d`,
      `${P}/+/+/connection`,
    ])
      expect(mayMatchTelemetry(P, f), f).toBe(false);
  });

  it('hands state and visualization to the ingest while only robots’ command subscriptions exist', async () => {
    const { router, ingest } = await setup();
    const robot: string[] = [];
    router.on(`${P}/acme/R1/order`, (p, done) => {
      robot.push(p.topic);
      done();
    });
    router.on('$SYS/+/heartbeat', (_p, done) => done());
    let delivered = 0;
    router.emit(packet(`${P}/acme/R1/state`), () => delivered++);
    // Straight to the ingest, in the same turn: no matcher, no parallel runner.
    expect(ingest).toEqual([`${P}/acme/R1/state`]);
    expect(delivered).toBe(1);
    expect(router.current).toBe(0);
    router.emit(packet(`${P}/acme/R1/order`));
    await settle();
    expect(robot).toEqual([`${P}/acme/R1/order`]);
  });

  it('takes the long way while another subscriber may want them, and for retained messages', async () => {
    const { router, ingest } = await setup();
    const tool: string[] = [];
    const listener = (p: { topic: string }, done: () => void) => {
      tool.push(p.topic);
      done();
    };
    router.on('#', listener);
    router.emit(packet(`${P}/acme/R1/visualization`));
    await settle();
    expect(tool).toEqual([`${P}/acme/R1/visualization`]);
    expect(ingest).toEqual([`${P}/acme/R1/visualization`]);
    await new Promise<void>((r) => router.removeListener('#', listener, r));
    router.emit(packet(`${P}/acme/R1/visualization`));
    expect(ingest).toHaveLength(2);
    expect(tool).toHaveLength(1);
    // A retained state goes through the matcher (the broker keeps it for later subscribers): the matcher counts it
    // as being delivered until the ingest is done with it.
    let release: (() => void) | null = null;
    const held = new DirectEmitter({ concurrency: 100 });
    const slow = (_p: { topic: string }, done: () => void) => {
      release = done;
    };
    held.useDirect(P, slow);
    held.on(`${P}/+/+/+`, slow);
    held.emit(packet(`${P}/acme/R1/state`, true));
    expect(held.current).toBe(1);
    (release as (() => void) | null)?.();
    held.emit(packet(`${P}/acme/R1/state`));
    expect(held.current).toBe(0);
  });

  it('counts subscriptions made before the ingest joined', async () => {
    const router = new DirectEmitter({ concurrency: 100 });
    const early: string[] = [];
    router.on(`${P}/+/+/state`, (p, done) => {
      early.push(p.topic);
      done();
    });
    const ingest: string[] = [];
    const ingestListener = (p: { topic: string }, done: () => void) => {
      ingest.push(p.topic);
      done();
    };
    router.useDirect(P, ingestListener);
    router.on(`${P}/+/+/+`, ingestListener);
    router.emit(packet(`${P}/acme/R1/state`));
    await settle();
    expect(early).toEqual([`${P}/acme/R1/state`]);
    expect(ingest).toEqual([`${P}/acme/R1/state`]);
  });
});
