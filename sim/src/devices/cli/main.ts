import { runDevicesCli } from './run.js';

/**
 * The process around runDevicesCli: SIGINT or SIGTERM stops the devices cleanly (a second signal ends the
 * process at once), and its result is the exit code.
 */
export async function devicesMain(argv: readonly string[]): Promise<void> {
  let signalled = false;
  const stopRequested = new Promise<string>((resolve) => {
    const on = (signal: NodeJS.Signals) => {
      if (signalled) {
        console.error('fleet-sim devices: stopping at once');
        process.exit(130);
      }
      signalled = true;
      resolve(signal);
    };
    process.on('SIGINT', on);
    process.on('SIGTERM', on);
  });
  const code = await runDevicesCli(argv, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    stopRequested,
  });
  process.exit(code);
}
