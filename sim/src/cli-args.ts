import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { RobotCredential } from './fleet.js';
import type { FleetMap } from './fleet-layout.js';

export const usage = `Usage: npm run sim -- [options]
       npm run sim -- devices --credentials FILE [options]   mini devices instead (devices --help)

  --url URL                 broker, mqtt:// or ws:// (default mqtt://127.0.0.1:1883)
  --robots N                number of robots (default 5)
  --manufacturer NAME       (default fleetsim)
  --serial-prefix P         serial numbers P001, P002… (default SIM-)
  --password SECRET         one password for every robot (username is {manufacturer}/{serialNumber})
  --credentials FILE        JSON [{manufacturer, serialNumber, password, mapId?}]: one robot each
  --map-id ID               floor the robots drive on (default sim-floor-1)
  --map-width M, --map-height M   its size in metres (default 60 × 40)
  --maps FILE               JSON [{mapId, bounds:{minX,minY,maxX,maxY}, stations?:[{id,x,y,theta?,charger?}]}]
  --state-ms MS             state interval (default 1000)
  --visualization-ms MS     visualization interval (default 500)
  --tick-ms MS              how often each robot moves and checks for messages due (default 100); a slice of
                            the fleet steps every 10 ms. A load test may take 250: less CPU per robot
  --wander / --no-wander    idle robots drive to random stations (default on)
  --seed N                  random seed (default 1)
  --speed M_PER_S           cruise speed (default 1)
  --error-rate P            chance per second of driving of an obstacle error (default 0.002)
  --mqtt-version 4|5        MQTT 3.1.1 (default) or 5
  --shared-connection [N]   load mode: all robots over N connections (default 8); NO last wills
  --shared-username NAME    login for the shared connections
  --clear-retained          on exit also delete the retained connection/factsheet messages
  --duration S              stop after S seconds
  --stats-s S               print message rates every S seconds (default 5; 0 = never)
  --help`;

/** Mosquitto reads each connection in turn; above ~25,000 robots four connections were too few to keep up. */
export const DEFAULT_SHARED_CONNECTIONS = 8;

const positive = z.coerce.number().positive();
const optionsSchema = z.object({
  url: z.string().regex(/^(mqtts?|wss?):\/\//, 'must start with mqtt://, mqtts://, ws:// or wss://'),
  robots: z.coerce.number().int().positive().max(100_000),
  manufacturer: z
    .string()
    .min(1)
    .regex(/^[^/#+]+$/, 'must not contain / # +'),
  serialPrefix: z.string().regex(/^[^/#+]*$/, 'must not contain / # +'),
  password: z.string().optional(),
  credentials: z.string().optional(),
  mapId: z.string().min(1),
  mapWidth: positive,
  mapHeight: positive,
  maps: z.string().optional(),
  stateMs: z.coerce.number().int().min(50),
  visualizationMs: z.coerce.number().int().min(50),
  tickMs: z.coerce.number().int().min(10).max(1000),
  wander: z.boolean(),
  seed: z.coerce.number().int(),
  speed: positive,
  errorRate: z.coerce.number().min(0).max(1),
  mqttVersion: z.union([z.literal('4'), z.literal('5')]).transform((v) => (v === '5' ? 5 : 4) as 4 | 5),
  sharedConnection: z.coerce.number().int().min(0).max(64),
  sharedUsername: z.string().optional(),
  clearRetained: z.boolean(),
  duration: z.coerce.number().positive().optional(),
  statsS: z.coerce.number().min(0),
  help: z.boolean(),
});
export type CliOptions = z.infer<typeof optionsSchema>;

/** Parses argv into checked options; throws an Error whose message names the flag and the reason. */
export function parseCliArgs(argv: readonly string[]): CliOptions {
  // `--shared-connection` may come with or without a count; parseArgs has no optional values, so default it.
  const args = argv.flatMap((a, i) =>
    a === '--shared-connection' && (argv[i + 1] === undefined || argv[i + 1]?.startsWith('--'))
      ? [a, String(DEFAULT_SHARED_CONNECTIONS)]
      : [a],
  );
  const { values } = parseArgs({
    args,
    allowNegative: true,
    options: {
      url: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
      robots: { type: 'string', default: '5' },
      manufacturer: { type: 'string', default: 'fleetsim' },
      'serial-prefix': { type: 'string', default: 'SIM-' },
      password: { type: 'string' },
      credentials: { type: 'string' },
      'map-id': { type: 'string', default: 'sim-floor-1' },
      'map-width': { type: 'string', default: '60' },
      'map-height': { type: 'string', default: '40' },
      maps: { type: 'string' },
      'state-ms': { type: 'string', default: '1000' },
      'visualization-ms': { type: 'string', default: '500' },
      'tick-ms': { type: 'string', default: '100' },
      wander: { type: 'boolean', default: true },
      seed: { type: 'string', default: '1' },
      speed: { type: 'string', default: '1' },
      'error-rate': { type: 'string', default: '0.002' },
      'mqtt-version': { type: 'string', default: '4' },
      'shared-connection': { type: 'string', default: '0' },
      'shared-username': { type: 'string' },
      'clear-retained': { type: 'boolean', default: false },
      duration: { type: 'string' },
      'stats-s': { type: 'string', default: '5' },
      help: { type: 'boolean', default: false },
    },
  });
  const camel = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), v]),
  );
  const parsed = optionsSchema.safeParse(camel);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const flag = String(issue?.path[0] ?? '').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    throw new Error(`--${flag}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

const stationSchema = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  x: z.number(),
  y: z.number(),
  theta: z.number().optional(),
  charger: z.boolean().optional(),
});
export const mapsFileSchema = z
  .array(
    z.object({
      mapId: z.string().min(1),
      bounds: z.object({ minX: z.number(), minY: z.number(), maxX: z.number(), maxY: z.number() }),
      stations: z.array(stationSchema).optional(),
    }),
  )
  .min(1);
export const credentialsFileSchema = z
  .array(
    z.object({
      manufacturer: z.string().min(1),
      serialNumber: z.string().min(1),
      password: z.string(),
      mapId: z.string().min(1).optional(),
    }),
  )
  .min(1);

/** The maps the fleet drives on: the --maps file, else one map from --map-id/--map-width/--map-height. */
export function mapsFromOptions(o: CliOptions, mapsFile?: unknown): FleetMap[] {
  if (mapsFile !== undefined) return mapsFileSchema.parse(mapsFile);
  return [{ mapId: o.mapId, bounds: { minX: 0, minY: 0, maxX: o.mapWidth, maxY: o.mapHeight } }];
}

export function parseCredentials(file: unknown): RobotCredential[] {
  return credentialsFileSchema.parse(file);
}
