import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One Vitest run over every workspace that has unit or API tests. Test files run side by side, each on databases
 * of its own (server/test/helper.ts). Much of an API test's time is waiting (a robot's next message over the
 * broker, a retry, a roll-up), not computing: one more file than there are cores keeps the cores busy. Vitest's
 * default (cores − 1) ran one file at a time on CI's two cores.
 */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'server', 'web', 'sim'],
    maxWorkers: availableParallelism() + 1,
  },
});
