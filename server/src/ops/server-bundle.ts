import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { SERVER_ROOT } from '../server-root.js';

let bundled: string | undefined;

/**
 * The server as `npm start` runs it, for whatever starts it as a child process (several instances, the start-up
 * test): server/bundle.mjs is run once per process and the bundle's absolute path returned.
 */
export function serverBundle(): string {
  if (!bundled) {
    execFileSync(process.execPath, [path.join(SERVER_ROOT, 'bundle.mjs')], { stdio: 'inherit' });
    bundled = path.join(SERVER_ROOT, 'dist/main.mjs');
  }
  return bundled;
}
