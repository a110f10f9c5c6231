import v8 from 'node:v8';

/**
 * How far past its live size the old generation may grow before V8 collects it, in percent: 50 lets a heap whose
 * live objects take 60 MB reach about 90 MB. V8's own heuristic lets a server that is mostly idle between bursts
 * grow to four times its live size, so the server sat at 200–290 MB resident at rest and an export of a million
 * rows, whose pages survive long enough to be promoted, took it to 387 MB; bounded at 50 %, 243 MB
 * (docs/performance.md, "Heap growth"). The price is a full collection more often, each a few milliseconds of
 * mostly concurrent marking.
 */
export const DEFAULT_HEAP_GROWTH_PERCENT = 50;

/**
 * On PGlite, where Postgres's own memory is the server's too, 25: the year of 50 robots' CSV export peaked 14–29 MB
 * lower, its time unchanged (docs/performance.md, "Heap growth", PGlite). Not on PostgreSQL: together with the
 * smaller young generation PGlite's launcher gives, 10,000 robots' messages cost 15 % more CPU (measured together
 * only).
 */
export const PGLITE_HEAP_GROWTH_PERCENT = 25;

/**
 * Sets V8's heap growth for every isolate of the process (the telemetry thread's too) unless the process was
 * started with its own `--heap-growing-percent`, which wins. `0` leaves V8's heuristic. Returns what applies.
 */
export function boundHeapGrowth(
  percent: number,
  execArgv: readonly string[] = process.execArgv,
): number | 'node flag' {
  if (execArgv.some((a) => a.startsWith('--heap-growing-percent') || a.startsWith('--heap_growing_percent')))
    return 'node flag';
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
  return percent;
}
