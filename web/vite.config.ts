import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractValues } from './contract-values-plugin';
import { precompress } from './precompress';

// The server (port 8080) owns every API, the live socket and the translation files; the dev server only
// serves the app and forwards the rest, so the browser sees one origin as it does in production.
const SERVER = 'http://localhost:8080';

export default defineConfig({
  root: decodeURIComponent(new URL('.', import.meta.url).pathname),
  plugins: [react(), contractValues(), precompress()],
  // The live worker (src/live/live-fleet.worker.ts) is bundled on its own: it needs the contract's values too.
  worker: { format: 'es', plugins: () => [contractValues()] },
  server: {
    proxy: {
      '/opt': SERVER,
      '/tars': SERVER,
      '/locales': SERVER,
      '/docs': SERVER,
      '/live': { target: SERVER, ws: true },
      '/mqtt': { target: SERVER, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The bench reads it to sum the initial JavaScript of a route.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // The contract's modules only declare constants, schemas and routes: nothing runs for its effect.
        // Said so, `buildPath` imported through the package's index brings route.ts alone, not the index's
        // route table with zod and every schema (the first page's budget, issue 3).
        moduleSideEffects: (id) => (/[\\/]packages[\\/]contract[\\/]/.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          groups: [
            // React and the router change rarely and every screen needs them: one long-cached chunk.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 20,
            },
            // Each library in a chunk of its own: cached across releases, and its cost is visible in the bench.
            // antd stays split by Rolldown, so a screen loads only the components it uses.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 15 },
            {
              name: 'i18n',
              test: /node_modules[\\/](i18next|react-i18next|i18next-http-backend)[\\/]/,
              priority: 15,
            },
            { name: 'http', test: /node_modules[\\/](axios)[\\/]/, priority: 15 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 15 },
            { name: 'dayjs', test: /node_modules[\\/]dayjs[\\/]/, priority: 15 },
            // No group for the whole contract: one chunk of it would bring zod and every schema to the first
            // page for buildPath alone. route.ts (buildPath, no zod) gets a chunk of its own so that automatic
            // splitting never puts it beside schemas; the other modules go with the screens that use them.
            { name: 'contract-route', test: /packages[\\/]contract[\\/]src[\\/]route\.ts$/, priority: 15 },
          ],
        },
      },
    },
  },
});
