import type { Services } from '../../services.js';

/**
 * Deletes stored files no row points to any more. Runs after the database change committed: a failure here
 * leaves an orphan file (space only, logged) rather than a row pointing to a missing file.
 */
export async function discardObjects(services: Services, keys: readonly (string | null)[]): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    try {
      await services.storage.delete(key);
    } catch (err) {
      services.log.warn(
        { err, key, store: services.storage.label },
        'stored file not deleted; it is an orphan now',
      );
    }
  }
}
