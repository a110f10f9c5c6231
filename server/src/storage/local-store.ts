import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
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
  return {
    label: `local:${root}`,
    async put(key, body, contentType) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomUUID()}.tmp`;
      try {
        await writeFile(`${file}${TYPE_SUFFIX}`, contentType);
        await writeFile(temp, body);
        await rename(temp, file);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const [body, contentType] = await Promise.all([
          readFile(file),
          readFile(`${file}${TYPE_SUFFIX}`, 'utf8').catch(() => 'application/octet-stream'),
        ]);
        return { body, contentType };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      await rm(`${file}${TYPE_SUFFIX}`, { force: true });
    },
  };
}
