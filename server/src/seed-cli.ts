import { loadConfig } from './config.js';
import { isEmpty, seedDemo } from './demo/seed-demo.js';
import { openDatabases, printDemoAccounts } from './start.js';
import { createStore } from './storage/create-store.js';

/** `npm run seed`: loads the demo into an empty database; refuses to mix it into existing data. */
const config = loadConfig();
const dbs = await openDatabases(config);
try {
  if (!(await isEmpty(dbs.directory.db))) {
    process.stderr.write('The database already has accounts; the demo is seeded only into an empty one.\n');
    process.exitCode = 1;
  } else {
    await seedDemo(dbs.directory.db, dbs.regional.db, config.region, createStore(config.storage));
    printDemoAccounts();
  }
} finally {
  await dbs.close();
}
