import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Recorder, startBroker, type TestBroker } from '../../test-support/broker.js';
import { DeviceConsole, eventually } from '../../test-support/device-console.js';
import { runDevicesCli } from './run.js';

let broker: TestBroker;
let dir: string;

beforeEach(async () => {
  broker = await startBroker();
  dir = await mkdtemp(path.join(tmpdir(), 'sim-devices-'));
});
afterEach(async () => {
  await broker.close();
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, text: string): Promise<string> {
  const p = path.join(dir, name);
  await writeFile(p, text);
  return p;
}

/** Runs the command in-process; `stop()` is Ctrl-C. */
function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  let stop: (why: string) => void = () => {};
  const stopRequested = new Promise<string>((resolve) => {
    stop = resolve;
  });
  const code = runDevicesCli(args, { out: (l) => out.push(l), err: (l) => err.push(l), stopRequested });
  return { out, err, code, stop: () => stop('SIGINT') };
}

const connectionStates = (recorder: Recorder, state: string) =>
  new Set(
    recorder.messages
      .filter((m) => (m.json as { connectionState?: string }).connectionState === state)
      .map((m) => m.topic),
  );

describe('npm run sim -- devices', () => {
  it('runs the devices of a CSV file: they press, ack once the robot arrived, and stop cleanly on Ctrl-C', async () => {
    const csv = await file(
      'devices.csv',
      'name,password,label\nCB-1,p1,Lobby\nCB-2,p2,"Floor 12, east"\nCB-3,p3,\n',
    );
    const recorder = await Recorder.connect(broker.url, 'devices/v1/+/connection');
    const console = await DeviceConsole.connect(broker.url);
    try {
      const cli = run([
        ...['--credentials', csv, '--url', broker.url, '--presses-per-s', '20', '--ack-after-s', '0'],
        ...['--stats-s', '0.1'],
      ]);
      await eventually(() => connectionStates(recorder, 'ONLINE').size === 3, 'three devices ONLINE');
      await eventually(
        () => cli.out.some((l) => /\| calls assigned \d+, arrived \d+, done [1-9]/.test(l)),
        'a call done',
      );
      expect(broker.logins).toEqual(
        expect.arrayContaining(['devices/v1/CB-1:p1', 'devices/v1/CB-2:p2', 'devices/v1/CB-3:p3']),
      );
      expect(cli.out).toContain(
        `fleet-sim devices: connecting 3 devices to ${broker.url} at 100/s; 20.00 presses/s over all`,
      );
      expect(cli.out).toContainEqual(
        expect.stringMatching(/^fleet-sim devices: 3 of 3 devices started in [\d.]+ s$/),
      );
      expect(cli.out).toContainEqual(
        expect.stringMatching(/^fleet-sim devices: connected 3\/3 \| presses \d+/),
      );
      expect(console.eventsOf('ack').length).toBeGreaterThan(0);

      cli.stop();
      expect(await cli.code).toBe(0);
      expect(cli.err).toEqual([]);
      expect(cli.out.at(-2)).toBe('fleet-sim devices: stopping (SIGINT)…');
      expect(cli.out.at(-1)).toMatch(
        /^fleet-sim devices: ran [\d.]+ s: presses \d+, .*errors 0 \| .*; stopped in [\d.]+ s$/,
      );
      await eventually(() => connectionStates(recorder, 'OFFLINE').size === 3, 'three devices OFFLINE');
      expect(connectionStates(recorder, 'CONNECTIONBROKEN').size).toBe(0);
    } finally {
      await console.close();
      await recorder.close();
    }
  });

  it('runs the devices of a JSON file until --duration', async () => {
    const json = await file('devices.json', JSON.stringify([{ username: 'devices/v1/CB-9', password: 'p' }]));
    const cli = run(['--credentials', json, '--url', broker.url, '--duration', '0.2', '--stats-s', '0']);
    expect(await cli.code).toBe(0);
    expect(broker.logins).toContain('devices/v1/CB-9:p');
    expect(cli.out).toContainEqual(expect.stringMatching(/no presses/));
    expect(cli.out).toContain('fleet-sim devices: stopping (--duration 0.2)…');
  });

  it('exits 2 naming the line of a bad row, before connecting anything', async () => {
    const csv = await file('bad.csv', 'name,password\nCB-1,p\nCB 2,p\n');
    const cli = run(['--credentials', csv, '--url', broker.url]);
    expect(await cli.code).toBe(2);
    expect(cli.err).toEqual([
      `fleet-sim devices: --credentials ${csv}: line 3: name "CB 2" is not a device name (1–64 letters, digits, _ . -)`,
    ]);
    expect(cli.out).toEqual([]);
    expect(broker.logins).toEqual([]);
  });

  it.each([
    {
      args: ['--credentials', '/nonexistent/devices.csv'],
      error: '--credentials /nonexistent/devices.csv: no such file',
    },
    {
      args: ['--presses-per-s', 'lots'],
      error: '--presses-per-s: Invalid input: expected number, received NaN',
    },
  ])('exits 2 for $args, with the reason and no stack trace', async ({ args, error }) => {
    const cli = run(args);
    expect(await cli.code).toBe(2);
    expect(cli.err[0]).toBe(`fleet-sim devices: ${error}`);
    expect(cli.err.join('\n')).not.toMatch(/\n\s+at /);
  });

  it('exits 1 when no device can connect', async () => {
    const csv = await file('devices.csv', 'name,password\nCB-1,p\n');
    const cli = run(['--credentials', csv, '--url', 'mqtt://127.0.0.1:1']);
    expect(await cli.code).toBe(1);
    expect(cli.err).toEqual([
      expect.stringMatching(/^fleet-sim devices: device CB-1 did not start: .*ECONNREFUSED/),
      'fleet-sim devices: no device could connect to mqtt://127.0.0.1:1',
    ]);
  });
});
