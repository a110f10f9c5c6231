import type { StorageConfig } from '../config.js';
import { localStore } from './local-store.js';
import type { ObjectStore } from './object-store.js';

/**
 * The configured object store: a folder under DATA_DIR unless the S3_ variables name a bucket. The S3 client
 * is loaded on first use only: it takes a third of a second to import, which every start would pay for nothing.
 */
export function createStore(config: StorageConfig): ObjectStore {
  if (config.kind === 'local') return localStore(config.dir);
  let loaded: Promise<ObjectStore> | undefined;
  const s3 = () => {
    loaded ??= import('./s3-store.js').then((m) => m.s3Store(config));
    return loaded;
  };
  return {
    label: `s3:${config.endpoint ?? 'aws'}/${config.bucket}`,
    put: async (key, body, contentType) => (await s3()).put(key, body, contentType),
    get: async (key) => (await s3()).get(key),
    delete: async (key) => (await s3()).delete(key),
    putFile: async (key, filePath, contentType) => (await s3()).putFile(key, filePath, contentType),
    stat: async (key) => (await s3()).stat(key),
    open: async (key, range) => (await s3()).open(key, range),
  };
}
