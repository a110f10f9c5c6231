/** Number helpers every benchmark reports with: one median, one percentile, one way to read its knobs. */

/** Nearest-rank percentile (p in 0–100) of unsorted values; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

export function median(values: readonly number[]): number {
  const s = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? Number.NaN) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

export const round = (n: number, digits = 0): number => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

/**
 * Sums the samples of one Prometheus metric in the text exposition format, optionally only those whose
 * labels contain `labelFilter` (e.g. `topic="state"`).
 */
export function promSum(text: string, name: string, labelFilter?: string): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (rest[0] !== ' ' && rest[0] !== '{') continue;
    if (labelFilter && !rest.includes(labelFilter)) continue;
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (Number.isFinite(value)) sum += value;
  }
  return sum;
}

/** An integer knob from the environment (≥ 1, or ≥ 0 with `zeroOk`); a bad value stops the bench at once. */
export function positiveInt(name: string, fallback: number, zeroOk = false): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < (zeroOk ? 0 : 1))
    throw new Error(`${name} must be an integer ≥ ${zeroOk ? 0 : 1}`);
  return n;
}

export function intList(name: string, fallback: number[]): number[] {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const list = raw.split(',').map((s) => Number(s.trim()));
  if (list.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error(`${name}: comma-separated integers ≥ 1`);
  return list;
}
