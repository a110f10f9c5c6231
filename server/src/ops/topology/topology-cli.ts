import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startTopology } from './start-topology.js';

/*
 * scripts/run-instances.mjs: N console instances behind HAProxy on this machine, on one PostgreSQL and one broker.
 *   DATABASE_URL=postgres://… MQTT_URL=mqtt://127.0.0.1:1883 node scripts/run-instances.mjs --instances 3 --port 8080
 * Ctrl-C stops them all.
 */
const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    port: { type: 'string', default: '8080' },
  },
});
const instances = Number(values.instances);
const port = Number(values.port);
const env = Object.fromEntries(
  Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined),
);
if (!env.DATABASE_URL || !env.MQTT_URL) {
  process.stderr.write(
    'Set DATABASE_URL (PostgreSQL) and MQTT_URL (an external broker, e.g. mqtt://127.0.0.1:1883): several instances share them.\n',
  );
  process.exit(1);
}
if (!env.TOKEN_SECRET || !env.SECRET_KEY)
  process.stderr.write(
    'TOKEN_SECRET and SECRET_KEY are not set: made up for this run (sign-ins and stored secrets will not survive it).\n',
  );
const dir = await mkdtemp(path.join(tmpdir(), 'fleet-console-instances-'));
const topology = await startTopology({ instances, port, env, dir });
process.stdout.write(
  `\n${instances} instances behind HAProxy: ${topology.url}\n${topology.instances
    .map((i, n) => `  instance ${n + 1}: ${i.url} (pid ${i.process.pid})`)
    .join('\n')}\nData and HAProxy's configuration in ${dir}. Ctrl-C stops them all.\n\n`,
);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void topology.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
