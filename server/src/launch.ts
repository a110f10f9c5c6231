import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serverProcessSettings } from './ops/process-settings.js';

/*
 * What `npm start` runs (bundled as server/dist/launch.mjs): the server (dist/main.mjs) in a child process given
 * the settings a process must have before it starts (ops/process-settings.ts). This process only waits: about
 * 7 MB of memory of its own (node's code is shared with the server's). Signals are passed on, and it ends as the
 * server does, with its exit code. Where there is nothing to give, the server runs in this process.
 */

const main = new URL('./main.mjs', import.meta.url);
const { env, nodeArgs } = serverProcessSettings(process.env);

if (Object.keys(env).length === 0 && nodeArgs.length === 0) {
  await import(main.href);
} else {
  const server = spawn(
    process.execPath,
    [...process.execArgv, ...nodeArgs, fileURLToPath(main), ...process.argv.slice(2)],
    {
      env: { ...process.env, ...env },
      stdio: 'inherit',
    },
  );
  // A terminal's Ctrl+C reaches both processes, a process manager's signal only this one: the server stops on
  // the first and ignores a second.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
  server.on('error', (err) => {
    process.stderr.write(`Start failed: ${err.message}\n`);
    process.exit(1);
  });
}
