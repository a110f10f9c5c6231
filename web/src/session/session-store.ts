import type { Language, Me, Region, SsoConfig } from '@fleet/contract';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { DEFAULT_LANGUAGE, normaliseLanguage } from '../i18n/language';
import { isUnitSystem, type UnitSystem } from '../units/units';
import { readJsonIf, readString, STORAGE_KEYS, writeValue } from './storage';
import { migrateLegacyUnits } from './units-preference';

/** Client-only session flags (AUTH-STORAGE-KEYS); not an API shape. */
export interface LoginInfo {
  loggedIn: boolean;
  superAdmin: boolean;
}

function isLoginInfo(value: unknown): value is LoginInfo {
  if (typeof value !== 'object' || value === null) return false;
  const { loggedIn, superAdmin } = value as Partial<Record<keyof LoginInfo, unknown>>;
  return typeof loggedIn === 'boolean' && typeof superAdmin === 'boolean';
}

function isMenuKeys(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((key) => typeof key === 'string');
}

/** Before the first `me` answer the user is known only as "not a super admin" (AUTH-SESSION-DEFAULTS). */
export interface GuestUser {
  isSuperAdmin: false;
}
export type StoredUser = Me | GuestUser;

export type SsoInfo = SsoConfig | Record<string, never>;

/**
 * The keys whose stored value has an API shape. They are checked with the contract's schemas as JSON Schema
 * (stored-shapes.ts, without zod): loaded only when one of them is stored (see restoreStoredShapes).
 */
export type StoredShapes = Partial<Pick<SessionValues, 'userInfo' | 'ssoInfo' | 'regionInfo'>>;

/** The default menu item: key 1 (Robots) for both the selection and the open groups (SHELL-MENU-MEMORY). */
export const DEFAULT_MENU_KEYS: readonly string[] = ['1'];

export interface SessionValues {
  token: string | null;
  userInfo: StoredUser;
  ssoInfo: SsoInfo;
  regionInfo: Region | null;
  language: Language;
  /** null: never chosen, so the region decides (see units-preference.ts). */
  userUnits: UnitSystem | null;
  selectedMenu: readonly string[];
  openKeys: readonly string[];
  selectedMenuRoute: string | null;
  loginInfo: LoginInfo;
}

export interface SessionState extends SessionValues {
  /** Sets one value and writes it to local storage at once, so a reload or another tab sees it. */
  set<K extends keyof SessionValues>(key: K, value: SessionValues[K]): void;
  /** Forgets the in-memory session after local storage was cleared. */
  reset(): void;
}

const STORAGE_KEY_OF: Record<keyof SessionValues, string> = {
  token: STORAGE_KEYS.token,
  userInfo: STORAGE_KEYS.userInfo,
  ssoInfo: STORAGE_KEYS.ssoInfo,
  regionInfo: STORAGE_KEYS.regionInfo,
  language: STORAGE_KEYS.language,
  userUnits: STORAGE_KEYS.userUnits,
  selectedMenu: STORAGE_KEYS.selectedMenu,
  openKeys: STORAGE_KEYS.openKeys,
  selectedMenuRoute: STORAGE_KEYS.selectedMenuRoute,
  loginInfo: STORAGE_KEYS.loginInfo,
};

function defaultSession(): SessionValues {
  return {
    token: null,
    userInfo: { isSuperAdmin: false },
    ssoInfo: {},
    regionInfo: null,
    language: DEFAULT_LANGUAGE,
    userUnits: null,
    selectedMenu: DEFAULT_MENU_KEYS,
    openKeys: DEFAULT_MENU_KEYS,
    selectedMenuRoute: null,
    loginInfo: { loggedIn: false, superAdmin: false },
  };
}

/** The session as stored, but for the API-shaped keys, which keep their defaults (see StoredShapes). */
export function readClientSession(storage: Storage): SessionValues {
  const defaults = defaultSession();
  const units = readString(storage, STORAGE_KEYS.userUnits);
  return {
    ...defaults,
    token: readString(storage, STORAGE_KEYS.token) || null,
    language: normaliseLanguage(readString(storage, STORAGE_KEYS.language)) ?? defaults.language,
    userUnits: isUnitSystem(units) ? units : null,
    selectedMenu: readJsonIf(storage, STORAGE_KEYS.selectedMenu, isMenuKeys) ?? defaults.selectedMenu,
    openKeys: readJsonIf(storage, STORAGE_KEYS.openKeys, isMenuKeys) ?? defaults.openKeys,
    selectedMenuRoute: readString(storage, STORAGE_KEYS.selectedMenuRoute),
    loginInfo: readJsonIf(storage, STORAGE_KEYS.loginInfo, isLoginInfo) ?? defaults.loginInfo,
  };
}

/** A session store over `storage`; `shapes` are the API-shaped keys already read (stored-shapes.ts). */
export function createSessionStore(storage: Storage, shapes: StoredShapes = {}): StoreApi<SessionState> {
  return createStore<SessionState>()((setState) => ({
    ...readClientSession(storage),
    ...shapes,
    set: (key, value) => {
      writeValue(storage, STORAGE_KEY_OF[key], value);
      setState({ [key]: value } as Partial<SessionValues>);
    },
    reset: () => setState(defaultSession()),
  }));
}

/** The browser's session; tests build their own with createSessionStore. */
// The legacy key must be folded in before the first read of `userUnits`.
migrateLegacyUnits(window.localStorage);
export const sessionStore = createSessionStore(window.localStorage);

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}

/** The full user once `me` has answered in this or an earlier page load. */
export function signedInUser(user: StoredUser): Me | undefined {
  return 'id' in user ? user : undefined;
}
