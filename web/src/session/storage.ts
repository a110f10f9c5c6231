import type { z } from 'zod';

/** The local-storage keys (AUTH-STORAGE-KEYS), spelled exactly as the spec (and older clients) spell them. */
export const STORAGE_KEYS = {
  token: 'token',
  userInfo: 'userInfo',
  ssoInfo: 'ssoInfo',
  regionInfo: 'regionInfo',
  language: 'i18nextLng',
  userUnits: 'userUnits',
  selectedMenu: 'selectedMenu',
  openKeys: 'openkeys',
  selectedMenuRoute: 'selectedMenuRoute',
  cryptoKey: 'cryptoKey',
  loginInfo: 'loginInfo',
} as const;

/** Written by the analysis screen of older clients; migrated once to `userUnits`. */
export const LEGACY_UNITS_KEY = 'analysisUnits';

/** Survives log-out and 401: it decrypts the remembered account name. */
const KEPT_ON_CLEAR: readonly string[] = [STORAGE_KEYS.cryptoKey];

// Storage throws in some private modes and when full; the console keeps working from memory then.
export function readString(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/** Parses a JSON value and checks its shape; anything else (old format, hand-edited) reads as absent. */
export function readJson<T>(storage: Storage, key: string, schema: z.ZodType<T>): T | undefined {
  const raw = readString(storage, key);
  if (raw === null) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Parses a JSON value and reads it with `read`, which answers undefined for a value of the wrong shape. */
export function readJsonWith<T>(
  storage: Storage,
  key: string,
  read: (value: unknown) => T | undefined,
): T | undefined {
  const raw = readString(storage, key);
  if (raw === null) return undefined;
  try {
    return read(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

/** Parses a JSON value and checks its shape with a type guard (client-only shapes, no schema needed). */
export function readJsonIf<T>(
  storage: Storage,
  key: string,
  is: (value: unknown) => value is T,
): T | undefined {
  const raw = readString(storage, key);
  if (raw === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return is(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Strings are stored as they are (token, language, units, route); everything else as JSON. `null` removes. */
export function writeValue(storage: Storage, key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) storage.removeItem(key);
    else storage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // see readString
  }
}

/** Log-out and 401: everything goes except what must outlive a session. */
export function clearSessionStorage(storage: Storage): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null && !KEPT_ON_CLEAR.includes(key)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // see readString
  }
}
