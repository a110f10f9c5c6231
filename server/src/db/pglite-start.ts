import { execFile } from 'node:child_process';
import { open } from 'node:fs/promises';

/*
 * Starting PGlite without leaving memory behind. Postgres runs inside the server's process, and two things of its
 * start stayed resident for the server's life although nothing used them again (docs/performance.md, "Heap
 * growth", PGlite):
 * - initdb, on a new data folder, runs a second Postgres with its own WebAssembly memory and code;
 * - the 9 MB of Postgres's WebAssembly, read into an ordinary buffer, is given back to the C library when the
 *   buffer is collected. Its allocator then raises the size from which it maps large blocks of its own
 *   (`mmap_threshold`, adjusted upwards whenever such a block is freed) to 9 MB: every allocation smaller than that
 *   is carved from its arenas from then on, and what is freed there mostly stays resident.
 */

const PGLITE = import.meta.resolve('@electric-sql/pglite');

/** WebAssembly pages are 64 KiB. */
const WASM_PAGE = 65_536;

/**
 * Creates a new PGlite database in `dir` in a child process, so that initdb's memory goes with it (a fresh demo:
 * 497 MiB resident a minute after start, 415 with initdb elsewhere).
 */
export function createPgliteDataDir(dir: string): Promise<void> {
  const script = `const [, url, dir] = process.argv;
    const { PGlite } = await import(url);
    await (await PGlite.create(dir)).close();`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', script, PGLITE, dir], (err, _out, stderr) => {
      if (err)
        reject(new Error(`creating the PGlite database in ${dir} failed: ${stderr.trim() || err.message}`));
      else resolve();
    });
  });
}

let compiled: Promise<WebAssembly.Module> | undefined;

/**
 * Postgres's WebAssembly, compiled once per process from bytes held in a WebAssembly memory: V8 maps and unmaps
 * those pages itself, so the C library never sees a 9 MB block come and go (see above).
 */
export function compilePgliteWasm(): Promise<WebAssembly.Module> {
  compiled ??= compile().catch((err: unknown) => {
    compiled = undefined;
    throw err;
  });
  return compiled;
}

async function compile(): Promise<WebAssembly.Module> {
  const url = new URL('./pglite.wasm', PGLITE);
  const file = await open(url);
  try {
    const { size } = await file.stat();
    const bytes = new Uint8Array(
      new WebAssembly.Memory({ initial: Math.ceil(size / WASM_PAGE) }).buffer,
      0,
      size,
    );
    for (let read = 0; read < size; ) {
      const { bytesRead } = await file.read(bytes, read, size - read, read);
      if (bytesRead === 0) throw new Error(`${url.pathname} ended after ${read} of ${size} bytes`);
      read += bytesRead;
    }
    return await WebAssembly.compile(bytes);
  } finally {
    await file.close();
  }
}
