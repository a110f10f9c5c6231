import path from 'node:path';
import { api, type Building, buildPath, type Floor, type FloorMap, type Station } from '@fleet/contract';
import type { CountedBuilding, CountedFloor, StationRow } from './repo.js';

/** Rows as the API shows them: only the exposed fields, times as ISO text. */

export function toBuildingDto(row: CountedBuilding): Building {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone: row.timeZone,
    floorCount: row.floorCount,
    robotCount: row.robotCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Each upload stores under a new key; its file name is the version a cached image is checked against. */
export function mapVersionOf(mapKey: string): string {
  return path.posix.basename(mapKey).replace(/\.[^.]*$/, '');
}

export function toFloorMapDto(row: CountedFloor): FloorMap | null {
  const {
    mapKey,
    mapContentType,
    mapWidth,
    mapHeight,
    mapResolution,
    mapOriginX,
    mapOriginY,
    mapUploadedAt,
  } = row;
  if (
    !mapKey ||
    !mapContentType ||
    !mapWidth ||
    !mapHeight ||
    !mapResolution ||
    mapOriginX === null ||
    mapOriginY === null ||
    !mapUploadedAt
  ) {
    return null;
  }
  const version = mapVersionOf(mapKey);
  return {
    imageUrl: `${buildPath(api.getFloorMap.path, { id: row.id })}?v=${version}`,
    contentType: mapContentType,
    width: mapWidth,
    height: mapHeight,
    resolution: mapResolution,
    origin: { x: mapOriginX, y: mapOriginY },
    bounds: {
      minX: mapOriginX,
      minY: mapOriginY,
      maxX: mapOriginX + mapWidth * mapResolution,
      maxY: mapOriginY + mapHeight * mapResolution,
    },
    version,
    uploadedAt: mapUploadedAt.toISOString(),
  };
}

export function toFloorDto(row: CountedFloor): Floor {
  return {
    id: row.id,
    buildingId: row.buildingId,
    name: row.name,
    level: row.level,
    map: toFloorMapDto(row),
    stationCount: row.stationCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toStationDto(row: StationRow): Station {
  return {
    id: row.id,
    floorId: row.floorId,
    name: row.name,
    x: row.x,
    y: row.y,
    theta: row.theta,
    charger: row.charger,
    createdAt: row.createdAt.toISOString(),
  };
}
