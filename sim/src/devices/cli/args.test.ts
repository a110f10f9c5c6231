import { describe, expect, it } from 'vitest';
import { connectsPerSecond, parseDevicesArgs, pressesPerSecond, UsageError } from './args.js';

const file = ['--credentials', 'devices.csv'];

describe('the devices command’s arguments', () => {
  it('have the documented defaults', () => {
    expect(parseDevicesArgs(file)).toEqual({
      credentials: 'devices.csv',
      url: 'mqtt://127.0.0.1:1883',
      prefix: 'devices/v1',
      heartbeatS: 60,
      ackAfterS: 15,
      seed: 1,
      statsS: 10,
      help: false,
    });
  });

  it.each([
    { args: ['--url', 'ws://localhost:8080/mqtt'], expected: { url: 'ws://localhost:8080/mqtt' } },
    { args: ['--prefix', 'site-a/devices'], expected: { prefix: 'site-a/devices' } },
    { args: ['--heartbeat-s', '30', '--ack-after-s', '0'], expected: { heartbeatS: 30, ackAfterS: 0 } },
    { args: ['--press-every-s', '120'], expected: { pressEveryS: 120 } },
    { args: ['--presses-per-s', '0.5'], expected: { pressesPerS: 0.5 } },
    { args: ['--connects-per-s', '500', '--seed', '7'], expected: { connectsPerS: 500, seed: 7 } },
    { args: ['--duration', '2.5', '--stats-s', '0'], expected: { duration: 2.5, statsS: 0 } },
  ])('take $args', ({ args, expected }) => {
    expect(parseDevicesArgs([...file, ...args])).toMatchObject(expected);
  });

  it('need no file for --help', () => {
    expect(parseDevicesArgs(['--help'])).toMatchObject({ help: true });
  });

  it.each([
    { args: '', error: '--credentials FILE is required' },
    { args: '--credentials', error: "Option '--credentials <value>' argument missing" },
    { args: '--credentials f.csv --bogus', error: "Unknown option '--bogus'" },
    { args: '--credentials f.csv extra', error: /^Unexpected argument 'extra'/ },
    {
      args: '--credentials f.csv --url http://x',
      error: '--url: must start with mqtt://, mqtts://, ws:// or wss://',
    },
    { args: '--credentials f.csv --prefix devices/#', error: '--prefix: must not contain # or +' },
    { args: '--credentials f.csv --prefix devices/', error: '--prefix: must not start or end with /' },
    { args: '--credentials f.csv --heartbeat-s 0', error: /^--heartbeat-s: / },
    { args: '--credentials f.csv --heartbeat-s often', error: /^--heartbeat-s: / },
    { args: '--credentials f.csv --press-every-s=-1', error: /^--press-every-s: / },
    { args: '--credentials f.csv --presses-per-s 0', error: /^--presses-per-s: / },
    { args: '--credentials f.csv --ack-after-s=-1', error: /^--ack-after-s: / },
    { args: '--credentials f.csv --seed 1.5', error: /^--seed: / },
    {
      args: '--credentials f.csv --press-every-s 60 --presses-per-s 1',
      error: '--press-every-s and --presses-per-s: give one or the other, not both',
    },
  ])('refuse "$args"', ({ args, error }) => {
    const argv = args.split(' ').filter(Boolean);
    expect(() => parseDevicesArgs(argv)).toThrow(UsageError);
    expect(() => parseDevicesArgs(argv)).toThrow(error);
  });
});

describe('the rates the devices run at', () => {
  it('press nowhere by default, once per device every --press-every-s, or --presses-per-s over all', () => {
    expect(pressesPerSecond(parseDevicesArgs(file), 100)).toBe(0);
    expect(pressesPerSecond(parseDevicesArgs([...file, '--press-every-s', '120']), 600)).toBe(5);
    expect(pressesPerSecond(parseDevicesArgs([...file, '--presses-per-s', '0.5']), 600)).toBe(0.5);
  });

  it('connect at 100 a second, or all within one heartbeat interval, or at --connects-per-s', () => {
    expect(connectsPerSecond(parseDevicesArgs(file), 3)).toBe(100);
    expect(connectsPerSecond(parseDevicesArgs(file), 12_000)).toBe(200);
    expect(connectsPerSecond(parseDevicesArgs([...file, '--connects-per-s', '20']), 12_000)).toBe(20);
  });
});
