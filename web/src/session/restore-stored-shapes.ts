import { sessionStore } from './session-store';
import { readString, STORAGE_KEYS } from './storage';

const SHAPED_KEYS = [STORAGE_KEYS.userInfo, STORAGE_KEYS.ssoInfo, STORAGE_KEYS.regionInfo] as const;

/**
 * Fills the browser's store with the stored user, SSO settings and region once the contract's schemas have
 * checked them. main.tsx waits for it before the first render; a first visit to /login stores none of them,
 * so it downloads neither the checker nor the schemas.
 */
export async function restoreStoredShapes(storage: Storage = window.localStorage): Promise<void> {
  if (SHAPED_KEYS.every((key) => readString(storage, key) === null)) return;
  const { readStoredShapes } = await import('./stored-shapes');
  sessionStore.setState(readStoredShapes(storage));
}
