import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { SERVER_ROOT } from '../server-root.js';
import { serverProcessSettings } from './process-settings.js';

let bundled = false;

function bundle(file: string): string {
  if (!bundled) {
    execFileSync(process.execPath, [path.join(SERVER_ROOT, 'bundle.mjs')], { stdio: 'inherit' });
    bundled = true;
  }
  return path.join(SERVER_ROOT, 'dist', file);
}

/**
 * The server as `npm start` runs it, for whatever starts it as a child process (several instances, the
 * benchmarks): server/bundle.mjs is run once per process, and the bundle's absolute path returned. Start it with
 * `serverProcess` to give it what npm start's launcher gives it.
 */
export function serverBundle(): string {
  return bundle('main.mjs');
}

/** What `npm start` runs: the launcher that starts the bundle in a child process (server/src/launch.ts). */
export function serverLauncher(): string {
  return bundle('launch.mjs');
}

/**
 * The server's process as npm start's launcher makes it, without the launcher (so the process started is the
 * server, e.g. to read its memory): node's flags before the bundle, and the environment given with `env`'s own.
 */
export function serverProcess(env: NodeJS.ProcessEnv, nodeArgs: readonly string[] = []) {
  const settings = serverProcessSettings(env);
  const script = serverBundle();
  const flags = [...settings.nodeArgs, ...nodeArgs];
  return { script, nodeArgs: flags, args: [...flags, script], env: { ...env, ...settings.env } };
}
