import { randomUUID } from 'node:crypto';
import type { uploadFloorMapBody } from '@fleet/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { floors } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import type { Services } from '../../services.js';
import { discardObjects } from './discard-objects.js';
import { type FloorMapFile, readFloorMap } from './maps/read-floor-map.js';
import { floorOf } from './repo.js';

const EXTENSION = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;

/**
 * Stores a floor's new map all or nothing: the file goes to the store under a new key, then the floor row
 * points to it in one transaction. If that transaction fails the new file is deleted again; once it has
 * committed, the file it replaced is deleted. A reader therefore always finds the file its row names.
 */
export async function uploadFloorMap(
  services: Services,
  companyId: string,
  floorId: string,
  body: z.infer<typeof uploadFloorMapBody>,
): Promise<FloorMapFile> {
  const { reg, storage } = services;
  await floorOf(reg, companyId, floorId);
  const file = readFloorMap(body, services.config.mapMaxBytes);
  const key = `floor-maps/${companyId}/${randomUUID()}.${EXTENSION[file.contentType]}`;
  await storage.put(key, file.bytes, file.contentType);
  const scope = and(eq(floors.companyId, companyId), eq(floors.id, floorId));
  let replaced: string | null;
  try {
    replaced = await reg.transaction(async (tx) => {
      // Locked, so two uploads at once each delete exactly the file the other one replaced.
      const [current] = await tx.select({ mapKey: floors.mapKey }).from(floors).where(scope).for('update');
      if (!current) throw notFound('floor');
      await tx
        .update(floors)
        .set({
          mapKey: key,
          mapContentType: file.contentType,
          mapWidth: file.width,
          mapHeight: file.height,
          mapResolution: file.resolution,
          mapOriginX: file.origin.x,
          mapOriginY: file.origin.y,
          mapUploadedAt: new Date(),
        })
        .where(scope);
      return current.mapKey;
    });
  } catch (err) {
    await discardObjects(services, [key]);
    throw err;
  }
  await discardObjects(services, [replaced]);
  return file;
}
