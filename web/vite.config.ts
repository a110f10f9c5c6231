import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server (port 8080) owns every API, the live socket and the translation files; the dev server only
// serves the app and forwards the rest, so the browser sees one origin as it does in production.
const SERVER = 'http://localhost:8080';

export default defineConfig({
  root: decodeURIComponent(new URL('.', import.meta.url).pathname),
  plugins: [react()],
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
      output: {
        codeSplitting: {
          groups: [
            // React and the router change rarely and every screen needs them: one long-cached chunk.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
});
