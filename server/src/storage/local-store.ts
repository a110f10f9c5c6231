import { randomUUID } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertKey, type ObjectStore } from './object-store.js';

/** The content type is kept beside each file, since the key alone need not name it. */
const TYPE_SUFFIX = '.type';

/**
 * Objects as files under one folder (`DATA_DIR/files` by default). A file is written to a temporary name and
 * renamed into place, so a reader never sees half an object and a crash leaves no partial one under its key.
 */
export function localStore(dir: string): ObjectStore {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  const typeOf = (file: string) =>
    readFile(`${file}${TYPE_SUFFIX}`, 'utf8').catch(() => 'application/octet-stream');
  /** Writes the content type, lets `write` fill a temporary file, then renames that into place. */
  const putVia = async (key: string, contentType: string, write: (temp: string) => Promise<void>) => {
    const file = fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(`${file}${TYPE_SUFFIX}`, contentType);
      await write(temp);
      await rename(temp, file);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  };
  return {
    label: `local:${root}`,
    put: (key, body, contentType) => putVia(key, contentType, (temp) => writeFile(temp, body)),
    // copyFile has the kernel copy the bytes in chunks (or share them, on a copy-on-write file system): the
    // file never passes through this process's memory, so a 50 MB audio clip costs no 50 MB buffer.
    putFile: (key, filePath, contentType) => putVia(key, contentType, (temp) => copyFile(filePath, temp)),
    async get(key) {
      const file = fileOf(key);
      try {
        const [body, contentType] = await Promise.all([readFile(file), typeOf(file)]);
        return { body, contentType };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async stat(key) {
      const file = fileOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { size: info.size, contentType: await typeOf(file) };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async open(key, range) {
      const file = fileOf(key);
      // The size comes from the opened file itself, so a delete between looking and reading cannot split them.
      const handle = await open(file).catch((err) => {
        if (isMissing(err)) return null;
        throw err;
      });
      if (!handle) return null;
      let stream: ReadStream | undefined;
      try {
        const info = await handle.stat();
        if (!info.isFile()) return null;
        if (range && (range.start > range.end || range.start >= info.size)) {
          throw new RangeError(`bytes ${range.start}-${range.end} lie outside ${key} (${info.size} bytes)`);
        }
        const contentType = await typeOf(file);
        // Read in 64 KiB chunks as the consumer pulls; the stream closes the file when it ends or is destroyed.
        stream = handle.createReadStream(
          range ? { start: range.start, end: Math.min(range.end, info.size - 1) } : {},
        );
        return { stream, size: info.size, contentType };
      } finally {
        if (!stream) await handle.close();
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      await rm(`${file}${TYPE_SUFFIX}`, { force: true });
    },
  };
}

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === 'ENOENT';
}
