import { describe, expect, it } from 'vitest';
import { mapsFromOptions, parseCliArgs, parseCredentials } from './cli-args.js';

describe('parseCliArgs', () => {
  it('has the documented defaults', () => {
    expect(parseCliArgs([])).toMatchObject({
      url: 'mqtt://127.0.0.1:1883',
      robots: 5,
      manufacturer: 'fleetsim',
      serialPrefix: 'SIM-',
      mapId: 'sim-floor-1',
      stateMs: 1000,
      visualizationMs: 500,
      tickMs: 100,
      wander: true,
      seed: 1,
      mqttVersion: 4,
      sharedConnection: 0,
      clearRetained: false,
    });
  });

  it.each([
    { args: ['--robots', '10000'], expected: { robots: 10000 } },
    { args: ['--no-wander'], expected: { wander: false } },
    { args: ['--url', 'ws://localhost:8080/mqtt'], expected: { url: 'ws://localhost:8080/mqtt' } },
    { args: ['--shared-connection'], expected: { sharedConnection: 8 } },
    { args: ['--shared-connection', '--robots', '3'], expected: { sharedConnection: 8, robots: 3 } },
    { args: ['--shared-connection', '8'], expected: { sharedConnection: 8 } },
    { args: ['--duration', '2.5', '--seed', '42'], expected: { duration: 2.5, seed: 42 } },
    { args: ['--mqtt-version', '5'], expected: { mqttVersion: 5 } },
    { args: ['--tick-ms', '250'], expected: { tickMs: 250 } },
    { args: ['--map-width', '120', '--map-height', '30.5'], expected: { mapWidth: 120, mapHeight: 30.5 } },
  ])('$args', ({ args, expected }) => {
    expect(parseCliArgs(args)).toMatchObject(expected);
  });

  it.each([
    { args: ['--robots', '0'], error: /^--robots: / },
    { args: ['--robots', 'many'], error: /^--robots: / },
    { args: ['--url', 'http://x'], error: /^--url: must start with mqtt:\/\// },
    { args: ['--manufacturer', 'a/b'], error: /^--manufacturer: must not contain/ },
    { args: ['--state-ms', '10'], error: /^--state-ms: / },
    { args: ['--tick-ms', '5'], error: /^--tick-ms: / },
    { args: ['--mqtt-version', '3'], error: /^--mqtt-version: / },
    { args: ['--bogus'], error: /bogus/ },
  ])('refuses $args', ({ args, error }) => {
    expect(() => parseCliArgs(args)).toThrow(error);
  });
});

describe('files', () => {
  it('one map from the flags, or the maps file', () => {
    expect(mapsFromOptions(parseCliArgs(['--map-id', 'f2', '--map-width', '10']))).toEqual([
      { mapId: 'f2', bounds: { minX: 0, minY: 0, maxX: 10, maxY: 40 } },
    ]);
    const file = [
      { mapId: 'a', bounds: { minX: -5, minY: 0, maxX: 5, maxY: 9 }, stations: [{ id: 's', x: 1, y: 1 }] },
    ];
    expect(mapsFromOptions(parseCliArgs([]), file)).toEqual(file);
    expect(() => mapsFromOptions(parseCliArgs([]), [{ mapId: 'a' }])).toThrow();
  });

  it('credentials need manufacturer, serialNumber and password', () => {
    const ok = [{ manufacturer: 'acme', serialNumber: 'R1', password: 'p', mapId: 'f1' }];
    expect(parseCredentials(ok)).toEqual(ok);
    expect(() => parseCredentials([{ manufacturer: 'acme', serialNumber: 'R1' }])).toThrow();
    expect(() => parseCredentials([])).toThrow();
  });
});
