import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** An upload written to a temporary file as it came: never whole in memory. */
export interface ReceivedFile {
  file: string;
  sizeBytes: number;
  sha256: string;
  /** Removes the temporary file; safe to call twice. */
  discard(): Promise<void>;
}

export type Received = ReceivedFile | { tooLarge: true; sizeBytes: number } | { empty: true };

/**
 * Past the cap, the rest of the body is read and dropped rather than the connection cut, so the client gets its
 * 400 naming the cap instead of a reset; a body that keeps coming long after that is cut.
 */
const DRAIN_BEYOND_CAP = 64 * 1024 * 1024;

export async function receiveUpload(body: Readable, maxBytes: number): Promise<Received> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fleet-upload-'));
  const file = path.join(dir, 'upload');
  const discard = () => rm(dir, { recursive: true, force: true });
  const hash = createHash('sha256');
  let size = 0;
  let over = false;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes + DRAIN_BEYOND_CAP) return done(new Error('upload far over its cap'));
      if (over || size > maxBytes) {
        over = true;
        return done();
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, meter, createWriteStream(file));
  } catch (err) {
    await discard();
    if (over) return { tooLarge: true, sizeBytes: size };
    throw err;
  }
  if (over) {
    await discard();
    return { tooLarge: true, sizeBytes: size };
  }
  if (size === 0) {
    await discard();
    return { empty: true };
  }
  return { file, sizeBytes: size, sha256: hash.digest('hex'), discard };
}

/** Reads a body to its end, keeping nothing: an upload refused before its bytes were needed. */
export function drain(body: Readable): Promise<void> {
  return pipeline(
    body,
    new Writable({
      write: (_chunk, _encoding, done) => done(),
    }),
  );
}
