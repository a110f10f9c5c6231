import { parseArgs } from 'node:util';
import { z } from 'zod';

export const devicesUsage = `Usage: npm run sim -- devices --credentials FILE [options]

Runs one simulated mini device (call button) per row of FILE, each on its own MQTT connection with its own login
and last will, heartbeating and pressing now and then.

  --credentials FILE        CSV with a header naming name (or username) and password, other columns ignored;
                            or JSON [{name, password}]. The passwords the console showed at registration
  --url URL                 broker, mqtt:// or ws:// (default mqtt://127.0.0.1:1883)
  --prefix P                device topic prefix; the login is P/{name} (default devices/v1)
  --heartbeat-s S           seconds between heartbeats, as set for the devices in the console (default 60)
  --press-every-s S         each device presses once every S seconds on average
  --presses-per-s R         or: R presses a second over all devices (default: no presses)
  --ack-after-s S           the person served acks S seconds after the robot arrived (default 15)
  --connects-per-s N        devices connecting per second (default 100, or faster so that all have
                            connected within one heartbeat interval: their heartbeats come spread)
  --seed N                  random seed: batteries, signal, who presses when (default 1)
  --duration S              stop after S seconds (counted once every device has started)
  --stats-s S               print a summary line every S seconds (default 10; 0 = never)
  --help

Stops cleanly on Ctrl-C or SIGTERM: each device says OFFLINE, then disconnects. Exit code 2: bad arguments or
credentials file; 1: no device could connect.`;

/** Bad arguments or a bad credentials file: the CLI prints the message and exits with 2. */
export class UsageError extends Error {}

const seconds = z.coerce.number().positive();
const optionsSchema = z.object({
  credentials: z.string().min(1).optional(),
  url: z.string().regex(/^(mqtts?|wss?):\/\//, 'must start with mqtt://, mqtts://, ws:// or wss://'),
  prefix: z
    .string()
    .min(1)
    .regex(/^[^#+]+$/, 'must not contain # or +')
    .refine((p) => !p.startsWith('/') && !p.endsWith('/'), 'must not start or end with /'),
  heartbeatS: seconds.max(3600),
  pressEveryS: seconds.optional(),
  pressesPerS: seconds.max(10_000).optional(),
  ackAfterS: z.coerce.number().min(0).max(3600),
  connectsPerS: seconds.max(10_000).optional(),
  seed: z.coerce.number().int(),
  duration: seconds.optional(),
  statsS: z.coerce.number().min(0),
  help: z.boolean(),
});
export type DevicesCliOptions = z.infer<typeof optionsSchema>;

const flagOf = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** Parses the arguments after `devices`; throws a UsageError naming the flag and the reason. */
export function parseDevicesArgs(argv: readonly string[]): DevicesCliOptions {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        credentials: { type: 'string' },
        url: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
        prefix: { type: 'string', default: 'devices/v1' },
        'heartbeat-s': { type: 'string', default: '60' },
        'press-every-s': { type: 'string' },
        'presses-per-s': { type: 'string' },
        'ack-after-s': { type: 'string', default: '15' },
        'connects-per-s': { type: 'string' },
        seed: { type: 'string', default: '1' },
        duration: { type: 'string' },
        'stats-s': { type: 'string', default: '10' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const camel = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), v]),
  );
  const parsed = optionsSchema.safeParse(camel);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`${flagOf(String(issue?.path[0] ?? ''))}: ${issue?.message ?? 'invalid'}`);
  }
  const o = parsed.data;
  if (o.help) return o;
  if (o.credentials === undefined) throw new UsageError('--credentials FILE is required');
  if (o.pressEveryS !== undefined && o.pressesPerS !== undefined)
    throw new UsageError('--press-every-s and --presses-per-s: give one or the other, not both');
  return o;
}

/** Presses a second over all `devices`: --presses-per-s, or one per device every --press-every-s; 0 for none. */
export function pressesPerSecond(o: DevicesCliOptions, devices: number): number {
  if (o.pressesPerS !== undefined) return o.pressesPerS;
  return o.pressEveryS === undefined ? 0 : devices / o.pressEveryS;
}

/** --connects-per-s, else 100 a second, or more so that all have connected within one heartbeat interval. */
export function connectsPerSecond(o: DevicesCliOptions, devices: number): number {
  return o.connectsPerS ?? Math.max(100, devices / o.heartbeatS);
}
