import type { DeviceCall, DeviceEventDto, MiniDevice, OpenCall } from '@fleet/contract';
import { actorDisplayName } from '@fleet/contract/people-names';
import type { Db } from '../../db/client.js';
import { accountNames } from '../people/repo.js';
import type { SharedCall } from './link/call-mesh.js';
import type { DeviceLink } from './link/device-link.js';
import type { DeviceCallRow, DeviceEventRow, PlacedDeviceRow } from './repo.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * A device's open call as its row shows it, carried here or by another instance, with its place in the building's
 * queue (`position`: counted in the queue now, by default; /live gives the place the device itself was last shown).
 */
export function openCallView(
  link: DeviceLink,
  deviceId: string,
  position: 'queue' | 'shown' = 'queue',
): OpenCall | null {
  const open = link.openCall(deviceId);
  if (!open) return null;
  const { call } = open;
  return {
    id: call.id,
    state: call.state,
    robotName: call.robotName,
    queuePosition: position === 'queue' ? open.queuePosition : open.shownPosition,
    createdAt: new Date(call.createdAt).toISOString(),
  };
}

/** A device as the console shows it: its row, its live state and its open call from the link. */
export function toMiniDeviceDto(row: PlacedDeviceRow, link: DeviceLink): MiniDevice {
  return {
    id: row.id,
    name: row.name,
    label: row.label,
    type: row.type,
    model: row.model,
    firmware: link.store.facts(row.id)?.firmware ?? row.firmware,
    companyId: row.companyId,
    buildingId: row.buildingId,
    buildingName: row.buildingName,
    floorId: row.floorId,
    floorName: row.floorName,
    point: row.pointX !== null && row.pointY !== null ? { x: row.pointX, y: row.pointY } : null,
    allowedRobotIds: row.allowedRobotIds,
    allowedModels: row.allowedModels,
    minBattery: row.minBattery,
    heartbeatS: row.heartbeatS,
    hasCredentials: row.mqttSecretHash !== null,
    live: link.store.live(row.id),
    openCall: openCallView(link, row.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A live call (just made or changed), before its row is written. */
export function liveCallDto({ call, queuePosition }: SharedCall, label: string): DeviceCall {
  return {
    id: call.id,
    deviceId: call.deviceId,
    deviceLabel: label,
    state: call.state,
    robotId: call.robotId,
    robotName: call.robotName,
    escalated: call.escalated,
    note: call.note,
    queuePosition,
    createdAt: new Date(call.createdAt).toISOString(),
    assignedAt: null,
    arrivedAt: null,
    endedAt: null,
  };
}

export function toCallDto(row: DeviceCallRow & { deviceLabel: string }, link: DeviceLink): DeviceCall {
  const live = link.openCall(row.deviceId);
  return {
    id: row.id,
    deviceId: row.deviceId,
    deviceLabel: row.deviceLabel,
    state: row.state,
    robotId: row.robotId,
    robotName: row.robotName,
    escalated: row.escalated,
    note: row.note,
    queuePosition: live?.call.id === row.id ? live.queuePosition : null,
    createdAt: row.createdAt.toISOString(),
    assignedAt: iso(row.assignedAt),
    arrivedAt: iso(row.arrivedAt),
    endedAt: iso(row.endedAt),
  };
}

export async function toEventDtos(dir: Db, rows: DeviceEventRow[]): Promise<DeviceEventDto[]> {
  const actorIds = [...new Set(rows.flatMap((r) => (r.actorId ? [r.actorId] : [])))];
  const names = new Map((await accountNames(dir, actorIds)).map((a) => [a.id, actorDisplayName(a)]));
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    kind: r.kind,
    callId: r.callId,
    actorId: r.actorId,
    actorName: r.actorId ? (names.get(r.actorId) ?? null) : null,
    detail: r.detail,
  }));
}
