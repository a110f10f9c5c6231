import { readFile } from 'node:fs/promises';
import { type DeviceCredential, DeviceFleet } from '../device-fleet.js';
import { DeviceStatsReport } from '../device-stats-report.js';
import {
  connectsPerSecond,
  type DevicesCliOptions,
  devicesUsage,
  parseDevicesArgs,
  pressesPerSecond,
  UsageError,
} from './args.js';
import { CredentialsFileError, parseDeviceCredentials } from './credentials-file.js';

export interface DevicesCliIo {
  out(line: string): void;
  err(line: string): void;
  /** Resolves with the reason to stop (`SIGINT`…); the run also stops after --duration. */
  stopRequested: Promise<string>;
}

const TAG = 'fleet-sim devices';
/** Errors printed one by one; later ones are only counted (10,000 devices refused would flood the terminal). */
const PRINTED_ERRORS = 20;

/**
 * `npm run sim -- devices …`: runs the devices of a credentials file until stopped. Resolves with the exit
 * code: 0 after a clean stop, 2 for bad arguments or a bad file (the message names the flag, line or item),
 * 1 when no device could connect.
 */
export async function runDevicesCli(argv: readonly string[], io: DevicesCliIo): Promise<number> {
  let o: DevicesCliOptions;
  try {
    o = parseDevicesArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.err(`${TAG}: ${err.message}`);
    io.err('Run `npm run sim -- devices --help` for the options.');
    return 2;
  }
  if (o.help) {
    io.out(devicesUsage);
    return 0;
  }
  const path = o.credentials ?? '';
  let credentials: DeviceCredential[];
  try {
    credentials = parseDeviceCredentials(await readCredentials(path), o.prefix);
  } catch (err) {
    if (!(err instanceof CredentialsFileError)) throw err;
    io.err(`${TAG}: --credentials ${path}: ${err.message}`);
    return 2;
  }
  return runFleet(o, credentials, io);
}

async function runFleet(
  o: DevicesCliOptions,
  credentials: DeviceCredential[],
  io: DevicesCliIo,
): Promise<number> {
  const pressesPerS = pressesPerSecond(o, credentials.length);
  const connectsPerS = connectsPerSecond(o, credentials.length);
  let errors = 0;
  const fleet = new DeviceFleet({
    url: o.url,
    prefix: o.prefix,
    devices: credentials,
    heartbeatS: o.heartbeatS,
    pressesPerS,
    ackAfterMs: o.ackAfterS * 1000,
    connectsPerS,
    seed: o.seed,
    onError: (message) => {
      errors++;
      if (errors <= PRINTED_ERRORS) io.err(`${TAG}: ${message}`);
      if (errors === PRINTED_ERRORS) io.err(`${TAG}: further errors are only counted`);
    },
  });
  const report = new DeviceStatsReport(fleet);
  const ticker =
    o.statsS > 0 ? setInterval(() => io.out(`${TAG}: ${report.line()}`), o.statsS * 1000) : undefined;
  io.out(
    `${TAG}: connecting ${credentials.length} devices to ${o.url} at ${connectsPerS.toFixed(0)}/s; ` +
      (pressesPerS > 0
        ? `${pressesPerS.toFixed(2)} presses/s over all`
        : 'no presses (--press-every-s, --presses-per-s)'),
  );

  const started = Date.now();
  let why = await Promise.race([fleet.start().then(() => null), io.stopRequested]);
  let code = 0;
  if (why === null) {
    const s = fleet.stats;
    io.out(
      `${TAG}: ${s.started} of ${s.devices} devices started in ${((Date.now() - started) / 1000).toFixed(1)} s` +
        (s.failed > 0 ? `, ${s.failed} failed` : ''),
    );
    if (s.started > 0) why = await untilStop(io.stopRequested, o.duration);
    else {
      io.err(`${TAG}: no device could connect to ${o.url}`);
      why = 'no device connected';
      code = 1;
    }
  }
  clearInterval(ticker);
  io.out(`${TAG}: stopping (${why})…`);
  const summary = report.summary();
  const stopping = Date.now();
  const late = await fleet.stop();
  if (late > 0) io.err(`${TAG}: ${late} devices did not stop cleanly within 10 s`);
  io.out(`${TAG}: ${summary}; stopped in ${((Date.now() - stopping) / 1000).toFixed(1)} s`);
  return code;
}

async function readCredentials(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a directory, not a file' : undefined;
    throw new CredentialsFileError(reason ?? (err instanceof Error ? err.message : String(err)));
  }
}

function untilStop(requested: Promise<string>, durationS: number | undefined): Promise<string> {
  if (durationS === undefined) return requested;
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`--duration ${durationS}`), durationS * 1000);
  });
  return Promise.race([requested, elapsed]).finally(() => clearTimeout(timer));
}
