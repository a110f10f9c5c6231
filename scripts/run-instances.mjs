#!/usr/bin/env node
// Several console instances behind HAProxy on this machine (docs/operations.md, "Several instances on one machine"):
//   npm run build
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/fleet MQTT_URL=mqtt://127.0.0.1:1883 \
//     node scripts/run-instances.mjs --instances 3 --port 8080
// Needs PostgreSQL, an MQTT broker and haproxy (Debian: apt-get install haproxy).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const child = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'server/src/ops/topology/topology-cli.ts'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 1));
