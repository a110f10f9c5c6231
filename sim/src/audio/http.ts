import { createHash } from 'node:crypto';

/** A reason an audio action failed, worded for the action's `resultDescription`. */
export class AudioFailure extends Error {}

export interface RequestOptions {
  /** The action's signal: aborting it (superseded, group removed, robot stopped) ends the request. */
  signal: AbortSignal;
  /** A request that receives nothing for this long fails. */
  idleTimeoutMs: number;
}

/** The largest manifest read; a real one lists at most a few hundred files. */
const MANIFEST_MAX_BYTES = 1024 * 1024;

/** GETs `url` and reads it as JSON. HTTP errors, bad JSON and silence throw an `AudioFailure`. */
export async function fetchJson(url: URL, opts: RequestOptions): Promise<unknown> {
  const text = new TextDecoder().decode(
    await request(url, opts, (chunk, total) => {
      if (total > MANIFEST_MAX_BYTES) throw new AudioFailure(`larger than ${MANIFEST_MAX_BYTES} bytes`);
      return chunk;
    }),
  );
  try {
    return JSON.parse(text);
  } catch {
    throw new AudioFailure('not JSON');
  }
}

/**
 * GETs `url` and streams it through SHA-256 without keeping the bytes. Stops as soon as it is longer than
 * `maxBytes`. Returns the hex digest and the length.
 */
export async function hashUrl(
  url: URL,
  maxBytes: number,
  opts: RequestOptions,
): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  await request(url, opts, (chunk, total) => {
    bytes = total;
    if (total > maxBytes) throw new AudioFailure(`size mismatch: more than the ${maxBytes} bytes listed`);
    hash.update(chunk);
    return undefined;
  });
  return { sha256: hash.digest('hex'), bytes };
}

/**
 * One GET, its body handed chunk by chunk to `onChunk` (which may throw to stop). What `onChunk` returns is
 * collected and concatenated.
 */
async function request(
  url: URL,
  opts: RequestOptions,
  onChunk: (chunk: Uint8Array, total: number) => Uint8Array | undefined,
): Promise<Uint8Array> {
  const watch = watchdog(opts.signal, opts.idleTimeoutMs);
  const kept: Uint8Array[] = [];
  try {
    const res = await fetch(url, { signal: watch.signal });
    if (!res.ok || !res.body) {
      await res.body?.cancel().catch(() => {});
      throw new AudioFailure(`HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`);
    }
    const reader = res.body.getReader();
    let total = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        watch.poke();
        total += value.byteLength;
        const keep = onChunk(value, total);
        if (keep) kept.push(keep);
      }
    } catch (err) {
      // Frees the connection at once instead of reading the rest of a file that is already wrong.
      await reader.cancel().catch(() => {});
      throw err;
    }
  } catch (err) {
    if (opts.signal.aborted) throw opts.signal.reason;
    if (watch.signal.aborted) throw new AudioFailure(`no data for ${opts.idleTimeoutMs / 1000} s`);
    if (err instanceof AudioFailure) throw err;
    throw new AudioFailure(`request failed: ${networkReason(err)}`);
  } finally {
    watch.stop();
  }
  return Buffer.concat(kept);
}

/** `ECONNREFUSED`, or the error's message: undici's `fetch failed` keeps the useful part in `cause`. */
function networkReason(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return err instanceof Error ? err.message : String(err);
}

/** A signal that aborts with `parent`, or after `ms` without a `poke`. */
function watchdog(parent: AbortSignal, ms: number) {
  const ctl = new AbortController();
  const onParent = () => ctl.abort(parent.reason);
  let timer: NodeJS.Timeout | undefined;
  const poke = () => {
    clearTimeout(timer);
    timer = setTimeout(() => ctl.abort(new Error('idle')), ms);
    timer.unref();
  };
  if (parent.aborted) ctl.abort(parent.reason);
  else parent.addEventListener('abort', onParent, { once: true });
  poke();
  return {
    signal: ctl.signal,
    poke,
    stop: () => {
      clearTimeout(timer);
      parent.removeEventListener('abort', onParent);
    },
  };
}
