import { defineConfig } from 'vitest/config';

/** One Vitest run over every workspace that has unit or API tests. */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'server', 'web', 'sim'],
  },
});
