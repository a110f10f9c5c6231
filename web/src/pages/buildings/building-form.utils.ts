import type { Building } from '@fleet/contract';
import type { CreateBuildingInput } from '../../api/buildings/building-create-mutation';
import type { EditBuildingInput } from '../../api/buildings/building-edit-mutation';

export interface BuildingFormValues {
  name: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  timeZone: string;
}

/** Body field → form field, for the server's `body.<field>: reason` complaints. */
export const BUILDING_FORM_FIELDS: Readonly<Record<string, string>> = {
  name: 'name',
  address: 'address',
  latitude: 'latitude',
  longitude: 'longitude',
  timeZone: 'timeZone',
};

/** A new building is most likely where the person adding it is. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function emptyBuilding(timeZone = browserTimeZone()): BuildingFormValues {
  return { name: '', address: '', latitude: null, longitude: null, timeZone };
}

export function formValuesOf(b: Building): BuildingFormValues {
  return {
    name: b.name,
    address: b.address ?? '',
    latitude: b.latitude,
    longitude: b.longitude,
    timeZone: b.timeZone,
  };
}

const given = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * A position needs both coordinates (the contract's rule): names the field that is missing its partner, or
 * undefined when the pair is whole or absent.
 */
export function missingCoordinate(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): 'latitude' | 'longitude' | undefined {
  if (given(latitude) === given(longitude)) return undefined;
  return given(latitude) ? 'longitude' : 'latitude';
}

function positionOf(v: BuildingFormValues) {
  return given(v.latitude) && given(v.longitude)
    ? { latitude: v.latitude, longitude: v.longitude }
    : { latitude: null, longitude: null };
}

export function toCreateBody(v: BuildingFormValues): CreateBuildingInput {
  return { name: v.name.trim(), address: v.address.trim(), ...positionOf(v), timeZone: v.timeZone };
}

/** An edit sends every field: clearing the address or the position clears it on the server too. */
export function toEditBody(id: string, v: BuildingFormValues): EditBuildingInput {
  return { id, ...toCreateBody(v) };
}
