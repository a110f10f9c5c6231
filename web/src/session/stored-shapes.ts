import { STORED_SHAPES } from 'virtual:contract-shapes';
import type { Region } from '@fleet/contract';
import { shapeOf } from './json-shape';
import {
  readClientSession,
  type SessionValues,
  type SsoInfo,
  type StoredShapes,
  type StoredUser,
} from './session-store';
import { readJsonWith, STORAGE_KEYS } from './storage';

// Checked against the contract's schemas as JSON Schema (contract-values-plugin.ts), not with zod: every
// signed-in page reads these before its first render, and zod with the schemas weighs about 29 KB gzip.

/** The full user `me` answered, or the guest marker written before it answers. */
function storedUser(value: unknown): StoredUser | undefined {
  const me = shapeOf<StoredUser>(STORED_SHAPES.me, value);
  if (me) return me;
  const guest = value as { isSuperAdmin?: unknown } | null;
  return typeof guest === 'object' && guest !== null && guest.isSuperAdmin === false
    ? { isSuperAdmin: false }
    : undefined;
}

/** The company's SSO settings, or `{}` for none. */
function ssoInfo(value: unknown): SsoInfo | undefined {
  const config = shapeOf<SsoInfo>(STORED_SHAPES.ssoConfig, value);
  if (config) return config;
  const empty = typeof value === 'object' && value !== null && !Array.isArray(value);
  return empty && Object.keys(value).length === 0 ? {} : undefined;
}

/** The stored user, SSO settings and region, each only if the contract's schema accepts it. */
export function readStoredShapes(storage: Storage): StoredShapes {
  const shapes: StoredShapes = {};
  const userInfo = readJsonWith(storage, STORAGE_KEYS.userInfo, storedUser);
  if (userInfo) shapes.userInfo = userInfo;
  const sso = readJsonWith(storage, STORAGE_KEYS.ssoInfo, ssoInfo);
  if (sso) shapes.ssoInfo = sso;
  const regionInfo = readJsonWith(storage, STORAGE_KEYS.regionInfo, (v) =>
    shapeOf<Region>(STORED_SHAPES.region, v),
  );
  if (regionInfo) shapes.regionInfo = regionInfo;
  return shapes;
}

/** Everything stored, checked: the client-only keys as the store reads them, the API shapes as above. */
export function readSession(storage: Storage): SessionValues {
  return { ...readClientSession(storage), ...readStoredShapes(storage) };
}
