import { ConfigError, loadConfig } from './config.js';
import { MigrationError } from './db/migrate.js';
import { boundHeapGrowth } from './ops/heap-growth.js';
import { startServer } from './start.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  // Before the server allocates its working set: the bound applies from the first full collection.
  if (config.heapGrowthPercent > 0) boundHeapGrowth(config.heapGrowthPercent);
  const app = await startServer(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // A stuck request must not keep the process alive past the orchestrator's patience.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof MigrationError) {
    process.stderr.write(`${err.message}\n`);
  } else if ((err as { code?: string }).code === 'EADDRINUSE') {
    process.stderr.write(`Port already in use: ${(err as Error).message}. Set PORT to a free port.\n`);
  } else {
    process.stderr.write(
      `Start failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  process.exit(1);
});
