/*
 * What a server process on PGlite must be given before it starts, because nothing can change it once it runs.
 * `npm start` (server/src/launch.ts) applies it, and so does whatever starts the server as a child process the way
 * users do (the benchmarks, several instances). Postgres then runs inside the process, so its memory is the
 * server's; measured in docs/performance.md, "Heap growth", PGlite.
 *
 * - The C library's allocator (Linux, glibc; other C libraries ignore the variable). What is freed inside its arenas
 *   mostly stays resident (only the arena's top is given back): a fresh demo's arenas held 82 MB of which 20 were in
 *   use. By default blocks of 128 KiB and more are mapped on their own and unmapped when freed, but glibc raises
 *   that size whenever such a block is freed (up to 32 MiB; Postgres's WebAssembly and the compilers' scratch
 *   memory did within seconds of a start), and each thread that allocates gets an arena of its own (V8's compiler
 *   threads, compiling Postgres's WebAssembly as it runs, held 60–75 MiB in theirs). Here blocks of 32 KiB and more
 *   are always mapped on their own, and one arena serves every thread.
 * - V8's young generation: each isolate keeps two semi-spaces of up to 16 MiB; here 4 MiB ones.
 *
 * On PostgreSQL none of it is given: 10,000 robots' messages cost 15 % more CPU with the smaller young generation
 * (bench/telemetry), and the database's memory is not the server's. What an operator sets wins: their own
 * GLIBC_TUNABLES, or a semi-space size in NODE_OPTIONS.
 */

export const PGLITE_MALLOC_TUNABLES = 'glibc.malloc.mmap_threshold=32768:glibc.malloc.arena_max=1';
export const PGLITE_SEMI_SPACE_ARG = '--max-semi-space-size=4';

export interface ProcessSettings {
  /** Variables to add to the process's environment. */
  env: Record<string, string>;
  /** Node's own flags, before the script. */
  nodeArgs: string[];
}

export function serverProcessSettings(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): ProcessSettings {
  const settings: ProcessSettings = { env: {}, nodeArgs: [] };
  // As the server's configuration reads it: an empty variable is not set.
  if (env.DATABASE_URL) return settings;
  if (platform === 'linux' && !env.GLIBC_TUNABLES) settings.env.GLIBC_TUNABLES = PGLITE_MALLOC_TUNABLES;
  if (!(env.NODE_OPTIONS ?? '').includes('semi-space-size')) settings.nodeArgs.push(PGLITE_SEMI_SPACE_ARG);
  return settings;
}
