import { buildApp } from './app.js';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { type DemoDevices, startDemoDevices } from './demo/demo-device-presses.js';
import { type DemoFleet, startDemoFleet } from './demo/demo-fleet.js';
import { type DemoLifts, startDemoLifts } from './demo/demo-lift-rides.js';
import { demoRobotsOf } from './demo/demo-robots.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmpty, seedDemo } from './demo/seed-demo.js';
import { identityOf } from './fleet/identity-of.js';
import { createStore } from './storage/create-store.js';

export interface Opened {
  directory: Database;
  regional: Database;
  close(): Promise<void>;
}

/**
 * Opens the directory and regional databases and migrates both. With no separate DIRECTORY_DATABASE_URL
 * they are one database (PGlite cannot be opened twice, so it is shared).
 */
export async function openDatabases(config: Config): Promise<Opened> {
  const regional = await openDatabase(config.databaseUrl, config.dataDir);
  const separate = config.directoryDatabaseUrl && config.directoryDatabaseUrl !== config.databaseUrl;
  const directory = separate ? await openDatabase(config.directoryDatabaseUrl, null) : regional;
  try {
    await runMigrations(directory);
    if (directory !== regional) await runMigrations(regional);
  } catch (err) {
    await regional.close();
    if (directory !== regional) await directory.close();
    throw err;
  }
  return {
    directory,
    regional,
    close: async () => {
      await regional.close();
      if (directory !== regional) await directory.close();
    },
  };
}

export async function startServer(config: Config) {
  const dbs = await openDatabases(config);
  const app = await buildApp({
    config,
    directory: dbs.directory,
    regional: dbs.regional,
    closeDatabases: () => dbs.close(),
  });
  if (config.seedDemo && (await isEmpty(dbs.directory.db))) {
    await seedDemo(dbs.directory.db, dbs.regional.db, config.region, createStore(config.storage));
    // The fleet loaded the robots before the demo existed: it learns the demo's now.
    for (const row of await demoRobotsOf(dbs.regional.db)) app.fleet.store.register(identityOf(row));
    await app.lifts.load();
    await app.devices.load();
    // The demo's past weeks are added up before the console opens, so /analysis has them at once.
    const built = await app.analysis.run();
    app.log.info({ robotDays: built }, 'demo history rolled up for analysis');
    app.log.info(
      { accounts: DEMO_ACCOUNTS.map((a) => a.email), password: DEMO_PASSWORD },
      'empty database: demo data seeded',
    );
    printDemoAccounts();
  }
  let demo: DemoFleet | null = null;
  let demoLifts: DemoLifts | null = null;
  let demoDevices: DemoDevices | null = null;
  // Before the broker and the databases close: the robots and lifts say goodbye (OFFLINE) while they still can.
  app.addHook('preClose', async () => {
    await demoDevices?.stop();
    await demoLifts?.stop();
    await demo?.stop();
  });
  await app.listen({ port: config.port, host: config.host });
  if (config.demoFleet) {
    demo = await startDemoFleet(app, config, dbs.regional.db);
    demoLifts = await startDemoLifts(app, config, dbs.regional.db);
    demoDevices = await startDemoDevices(app, config, dbs.regional.db);
    if (demo) {
      app.log.info(
        { robots: demo.robots },
        'demo fleet: simulated robots running (DEMO_FLEET=false to stop them)',
      );
    }
  }
  app.log.info(
    { region: config.region, directory: dbs.directory.label, regional: dbs.regional.label },
    `${config.productName} ready at ${config.publicUrl} (API docs at ${config.publicUrl}/opt/docs)`,
  );
  return app;
}

export function printDemoAccounts(): void {
  const lines = DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(18)} ${a.who}`);
  process.stdout.write(`\nDemo accounts (password ${DEMO_PASSWORD}):\n${lines.join('\n')}\n\n`);
}
