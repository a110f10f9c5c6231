import { me, region, ssoConfig } from '@fleet/contract';
import { z } from 'zod';
import {
  readClientSession,
  type SessionValues,
  type SsoInfo,
  type StoredShapes,
  type StoredUser,
} from './session-store';
import { readJson, STORAGE_KEYS } from './storage';

const storedUserSchema: z.ZodType<StoredUser> = z.union([me, z.object({ isSuperAdmin: z.literal(false) })]);
const ssoInfoSchema: z.ZodType<SsoInfo> = z.union([ssoConfig, z.object({}).strict()]);

/** The stored user, SSO settings and region, each only if the contract's schema accepts it. */
export function readStoredShapes(storage: Storage): StoredShapes {
  const shapes: StoredShapes = {};
  const userInfo = readJson(storage, STORAGE_KEYS.userInfo, storedUserSchema);
  if (userInfo) shapes.userInfo = userInfo;
  const ssoInfo = readJson(storage, STORAGE_KEYS.ssoInfo, ssoInfoSchema);
  if (ssoInfo) shapes.ssoInfo = ssoInfo;
  const regionInfo = readJson(storage, STORAGE_KEYS.regionInfo, region);
  if (regionInfo) shapes.regionInfo = regionInfo;
  return shapes;
}

/** Everything stored, checked: the client-only keys as the store reads them, the API shapes as above. */
export function readSession(storage: Storage): SessionValues {
  return { ...readClientSession(storage), ...readStoredShapes(storage) };
}
