// `npm run bench`: runs every benchmark in bench/ one after the other, each in its own process.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const tsx = path.join(here, '../node_modules/.bin/tsx');
const benches = [
  'http-api.ts',
  'web-load.ts',
  'telemetry.ts',
  'map-fps.ts',
  'sso-callback.ts',
  'api-apps.ts',
].filter((b) => existsSync(path.join(here, b)));

let failed = 0;
for (const b of benches) {
  process.stdout.write(`\n== bench/${b}\n`);
  // telemetry.ts steps through fleets of 1,000 to 40,000 robots twice: about 40 minutes.
  // api-apps.ts: the request overhead, then three rounds of webhooks at 10,000 deliveries/s with their grace.
  const minutes = b === 'telemetry.ts' ? 75 : b === 'api-apps.ts' ? 45 : 30;
  const r = spawnSync(tsx, [path.join(here, b)], { stdio: 'inherit', timeout: minutes * 60 * 1000 });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
