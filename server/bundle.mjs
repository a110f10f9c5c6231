#!/usr/bin/env node
// Bundles the server's TypeScript (with the contract and the simulator it imports) into dist/, so `npm start`
// runs plain JavaScript: no loader compiling each module at start and holding its output and source map for the
// life of the process (about 60–100 MB less resident memory on PostgreSQL, docs/performance.md). Packages from
// node_modules stay imports. Takes well under a second, so `npm start` bundles every time and never runs stale code.
//   node server/bundle.mjs            writes server/dist/main.mjs and server/dist/telemetry-worker.mjs
// Stack traces name the TypeScript sources with NODE_OPTIONS=--enable-source-maps (off by default: it costs memory).
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;

/** Our own workspaces are bundled; every other bare import is left to node_modules at run time. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@fleet/') ? undefined : { external: true },
    );
  },
};

const { outputFiles } = await build({
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    launch: path.join(here, 'src/launch.ts'),
    'telemetry-worker': path.join(here, 'src/fleet/thread/telemetry-worker.ts'),
  },
  outdir: path.join(here, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // Class and function names stay as written: logs and errors name them.
  keepNames: true,
  plugins: [packagesStayExternal],
  logLevel: 'warning',
  write: false,
});
// Each file is written beside its place and renamed over it: a server starting while another process bundles
// (tests start several) reads the old file or the new one, never half of one.
await mkdir(path.join(here, 'dist'), { recursive: true });
await Promise.all(
  outputFiles.map(async (file) => {
    const temporary = `${file.path}.${process.pid}.tmp`;
    await writeFile(temporary, file.contents);
    await rename(temporary, file.path);
  }),
);
