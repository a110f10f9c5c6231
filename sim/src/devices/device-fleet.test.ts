import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Recorder, startBroker, type TestBroker } from '../test-support/broker.js';
import { DeviceConsole, eventually } from '../test-support/device-console.js';
import { DeviceFleet, type DeviceFleetOptions } from './device-fleet.js';

let broker: TestBroker;
let recorder: Recorder;
let fleets: DeviceFleet[];

beforeEach(async () => {
  broker = await startBroker();
  recorder = await Recorder.connect(broker.url, 'devices/v1/+/connection');
  fleets = [];
});
afterEach(async () => {
  for (const f of fleets) await f.stop();
  await recorder.close();
  await broker.close();
});

const three = [
  { name: 'CB-1', password: 'p1' },
  { name: 'CB-2', password: 'p2' },
  { name: 'CB-3', password: 'p3' },
];

function fleet(opts: Partial<DeviceFleetOptions> = {}): DeviceFleet {
  const f = new DeviceFleet({ url: broker.url, devices: three, ...opts });
  fleets.push(f);
  return f;
}

const online = (name: string) => (m: { topic: string; json: unknown }) =>
  m.topic === `devices/v1/${name}/connection` &&
  (m.json as { connectionState: string }).connectionState === 'ONLINE';

describe('a fleet of simulated mini devices', () => {
  it('connects each device with its own login, one after another at the pace asked', async () => {
    const connectedAt: number[] = [];
    broker.broker.on('client', () => connectedAt.push(Date.now()));
    const f = fleet({ connectsPerS: 20 });
    await f.start();
    expect(broker.logins.filter((l) => l.startsWith('devices/'))).toEqual([
      'devices/v1/CB-1:p1',
      'devices/v1/CB-2:p2',
      'devices/v1/CB-3:p3',
    ]);
    for (const d of three) await recorder.waitFor(online(d.name), `${d.name} ONLINE`);
    expect(f.connected()).toBe(3);
    expect(f.stats).toMatchObject({ devices: 3, started: 3, failed: 0 });
    // 20 a second: the third connects 100 ms after the first at the earliest.
    expect((connectedAt[2] ?? 0) - (connectedAt[0] ?? 0)).toBeGreaterThanOrEqual(90);
  });

  it('names a device whose login is refused, counts it, and runs the others', async () => {
    const authenticate = broker.broker.authenticate;
    broker.broker.authenticate = (client, username, password, done) => {
      if (username === 'devices/v1/CB-2') {
        const err = Object.assign(new Error('bad username or password'), { returnCode: 4 as const });
        return done(err, false);
      }
      authenticate(client, username, password, done);
    };
    const errors: string[] = [];
    const f = fleet({ onError: (m) => errors.push(m) });
    await f.start();
    expect(errors).toEqual([expect.stringMatching(/^device CB-2 did not start: Connection refused/)]);
    expect(f.stats).toMatchObject({ started: 2, failed: 1 });
    expect(f.connected()).toBe(2);
  });

  it('does not press a device again while its call is open, and counts each call state once', async () => {
    const console = await DeviceConsole.connect(broker.url, { answer: false });
    try {
      const f = fleet({ devices: [{ name: 'CB-1', password: 'p' }], pressesPerS: 50 });
      await f.start();
      await eventually(() => console.eventsOf('press').length > 0, 'a press');
      await console.callState('CB-1', 'assigned');
      await console.callState('CB-1', 'assigned');
      await eventually(
        () => f.stats.calls.assigned === 1 && f.devices[0]?.lastCallState !== null,
        'assigned',
      );
      const presses = console.eventsOf('press').length;
      const skipped = f.stats.skipped;
      await new Promise((r) => setTimeout(r, 300));
      expect(console.eventsOf('press')).toHaveLength(presses);
      expect(f.stats.skipped).toBeGreaterThan(skipped);
      expect(f.stats.calls.assigned).toBe(1);

      await console.callState('CB-1', 'done');
      await eventually(() => console.eventsOf('press').length > presses, 'a press after the call was done');
      expect(f.stats.calls).toMatchObject({ assigned: 1, done: 1 });
    } finally {
      await console.close();
    }
  });

  it('stops every device cleanly: OFFLINE, and no last will', async () => {
    const f = fleet();
    await f.start();
    expect(await f.stop()).toBe(0);
    for (const d of three)
      await recorder.waitFor(
        (m) =>
          m.topic === `devices/v1/${d.name}/connection` &&
          (m.json as { connectionState: string }).connectionState === 'OFFLINE',
        `${d.name} OFFLINE`,
      );
    expect(f.connected()).toBe(0);
    expect(
      recorder.messages.filter(
        (m) => (m.json as { connectionState: string }).connectionState === 'CONNECTIONBROKEN',
      ),
    ).toEqual([]);
  });
});
