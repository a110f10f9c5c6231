import type { FloorMap, Station } from '@fleet/contract';
import type { CreateStationInput } from '../../api/buildings/station-create-mutation';
import type { EditStationInput } from '../../api/buildings/station-edit-mutation';
import { fromDisplay, toDisplay, type UnitSystem } from '../../units/units';

/** What the form shows: x and y in the user's length unit, the heading in degrees. */
export interface StationFormValues {
  name: string;
  x: number;
  y: number;
  heading: number;
  charger: boolean;
}

/** Body field → form field; the server names the heading `theta`. */
export const STATION_FORM_FIELDS: Readonly<Record<string, string>> = {
  name: 'name',
  x: 'x',
  y: 'y',
  theta: 'heading',
  charger: 'charger',
};

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** Degrees into (−180, 180]: 270 is −90, −180 is 180. */
export function normaliseDegrees(degrees: number): number {
  const d = ((degrees % 360) + 360) % 360;
  return d > 180 ? d - 360 : d;
}

/** Radians (the contract's −π … π, counter-clockwise from x) to degrees as typed, to a tenth. */
export function degreesOf(theta: number): number {
  return round(normaliseDegrees((theta * 180) / Math.PI), 1);
}

/** Degrees as typed to the contract's radians: any turn is folded into −π … π first. */
export function radiansOf(degrees: number): number {
  return (normaliseDegrees(degrees) * Math.PI) / 180;
}

/** Lengths are shown to the centimetre (or its tenth of a foot): finer than a robot stops. */
const shownLength = (metres: number, system: UnitSystem) => round(toDisplay('length', metres, system), 2);

export function newStationValues(point: { x: number; y: number }, system: UnitSystem): StationFormValues {
  return {
    name: '',
    x: shownLength(point.x, system),
    y: shownLength(point.y, system),
    heading: 0,
    charger: false,
  };
}

export function stationValuesOf(s: Station, system: UnitSystem): StationFormValues {
  return {
    name: s.name,
    x: shownLength(s.x, system),
    y: shownLength(s.y, system),
    heading: degreesOf(s.theta),
    charger: s.charger,
  };
}

/**
 * A length typed in the user's unit, in metres to the micrometre: feet back to metres leave float noise
 * (100 ft is 30.480000000000004 m) that would put a station on a map's very edge just off it.
 */
const metresOf = (shown: number, system: UnitSystem) => round(fromDisplay('length', shown, system), 6);

/** The form's point in metres (the map draws the station being placed from it). */
export function pointOf(v: Pick<StationFormValues, 'x' | 'y'>, system: UnitSystem): { x: number; y: number } {
  return { x: metresOf(v.x, system), y: metresOf(v.y, system) };
}

export function toCreateStationBody(
  floorId: string,
  v: StationFormValues,
  system: UnitSystem,
): CreateStationInput {
  return {
    floorId,
    name: v.name.trim(),
    ...pointOf(v, system),
    theta: radiansOf(v.heading),
    charger: v.charger,
  };
}

export function toEditStationBody(id: string, v: StationFormValues, system: UnitSystem): EditStationInput {
  return { id, name: v.name.trim(), ...pointOf(v, system), theta: radiansOf(v.heading), charger: v.charger };
}

/** The map's extent along one axis, in metres; undefined on a floor without a map. */
export function mapExtent(
  map: Pick<FloorMap, 'bounds'> | null,
  axis: 'x' | 'y',
): { min: number; max: number } | undefined {
  if (!map) return undefined;
  const { minX, maxX, minY, maxY } = map.bounds;
  return axis === 'x' ? { min: minX, max: maxX } : { min: minY, max: maxY };
}

/** Whether a coordinate typed in the user's unit lies on the map, as the server requires of a station. */
export function onMap(
  map: Pick<FloorMap, 'bounds'> | null,
  axis: 'x' | 'y',
  shown: number,
  system: UnitSystem,
): boolean {
  const extent = mapExtent(map, axis);
  if (!extent) return true;
  const metres = metresOf(shown, system);
  return metres >= extent.min && metres <= extent.max;
}
