import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { contractValues } from './contract-values-plugin';

export default defineConfig({
  root: decodeURIComponent(new URL('.', import.meta.url).pathname),
  plugins: [react(), contractValues()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
