import {
  DOOR_SIDES,
  type DoorSide,
  type Floor,
  type Lift,
  type LiftLanding,
  type Waypoint,
} from '@fleet/contract';
import type { CreateLiftInput, EditLiftInput } from '../../../api/lifts/lift-config-mutations';
import { fromDisplay, toDisplay, type UnitSystem } from '../../../units/units';
import { degreesOf, radiansOf } from '../../buildings/station-form.utils';

/** A waypoint as typed: x and y in the user's length unit, the heading in degrees. */
export interface WaypointValues {
  x: number | null;
  y: number | null;
  heading: number | null;
}

export interface LandingValues {
  floorId: string;
  side: DoorSide;
  floorCode: string;
  outside: WaypointValues;
  inside: WaypointValues;
}

export interface LiftFormValues {
  name: string;
  gatewayLiftName: string;
  doorSides: DoorSide[];
  maxRobots: number;
  servedFloorIds: string[];
  landings: LandingValues[];
}

/** What the server checks again with a test call: changing one takes the lift out of robot service. */
export const TESTED_LIFT_FIELDS = ['gatewayLiftName', 'doorSides', 'servedFloorIds', 'landings'] as const;

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
const shown = (metres: number, system: UnitSystem) => round(toDisplay('length', metres, system), 2);
const metres = (value: number, system: UnitSystem) => round(fromDisplay('length', value, system), 6);

const NO_WAYPOINT: WaypointValues = { x: null, y: null, heading: 0 };

export function waypointValuesOf(w: Waypoint, system: UnitSystem): WaypointValues {
  return { x: shown(w.x, system), y: shown(w.y, system), heading: degreesOf(w.theta) };
}

/** A waypoint typed in full, in the contract's metres and radians; undefined while a number is missing. */
export function waypointOf(v: WaypointValues, system: UnitSystem): Waypoint | undefined {
  if (typeof v.x !== 'number' || typeof v.y !== 'number') return undefined;
  return { x: metres(v.x, system), y: metres(v.y, system), theta: radiansOf(v.heading ?? 0) };
}

/** Floors lowest first, as a lift serves them. */
export function byLevel<F extends Pick<Floor, 'level'>>(floors: readonly F[]): F[] {
  return [...floors].sort((a, b) => a.level - b.level);
}

/**
 * One landing per served floor and door side, lowest floor first, front before rear. A landing already typed
 * keeps its values; a new one takes the floor code of the floor's other door, else the floor's level.
 */
export function landingRows(
  servedFloorIds: readonly string[],
  doorSides: readonly DoorSide[],
  floors: readonly Floor[],
  previous: readonly LandingValues[],
): LandingValues[] {
  const served = new Set(servedFloorIds);
  const sides = DOOR_SIDES.filter((s) => doorSides.includes(s));
  return byLevel(floors.filter((f) => served.has(f.id))).flatMap((floor) =>
    sides.map((side) => {
      const kept = previous.find((l) => l.floorId === floor.id && l.side === side);
      if (kept) return kept;
      const sibling = previous.find((l) => l.floorId === floor.id);
      return {
        floorId: floor.id,
        side,
        floorCode: sibling?.floorCode ?? String(floor.level),
        outside: { ...NO_WAYPOINT },
        inside: { ...NO_WAYPOINT },
      };
    }),
  );
}

export function newLiftValues(): LiftFormValues {
  return {
    name: '',
    gatewayLiftName: '',
    doorSides: ['front'],
    maxRobots: 1,
    servedFloorIds: [],
    landings: [],
  };
}

export function liftValuesOf(lift: Lift, floors: readonly Floor[], system: UnitSystem): LiftFormValues {
  const landings = lift.landings.map((l) => ({
    floorId: l.floorId,
    side: l.side,
    floorCode: l.floorCode,
    outside: waypointValuesOf(l.outside, system),
    inside: waypointValuesOf(l.inside, system),
  }));
  return {
    name: lift.name,
    gatewayLiftName: lift.gatewayLiftName,
    doorSides: [...lift.doorSides],
    maxRobots: lift.maxRobots,
    servedFloorIds: [...lift.servedFloorIds],
    landings: landingRows(lift.servedFloorIds, lift.doorSides, floors, landings),
  };
}

function landingOf(l: LandingValues, system: UnitSystem): LiftLanding {
  return {
    floorId: l.floorId,
    side: l.side,
    floorCode: l.floorCode.trim(),
    // The form requires every number before it submits; a gap here would be a bug, sent as the map's origin.
    outside: waypointOf(l.outside, system) ?? { x: 0, y: 0, theta: 0 },
    inside: waypointOf(l.inside, system) ?? { x: 0, y: 0, theta: 0 },
  };
}

/** Served floors in the order the landings list them (lowest first). */
function servedInOrder(v: LiftFormValues, floors: readonly Floor[]): string[] {
  const served = new Set(v.servedFloorIds);
  const known = byLevel(floors.filter((f) => served.has(f.id))).map((f) => f.id);
  return [...known, ...v.servedFloorIds.filter((id) => !known.includes(id))];
}

export function toCreateLiftBody(
  bankId: string,
  v: LiftFormValues,
  floors: readonly Floor[],
  system: UnitSystem,
): CreateLiftInput {
  return {
    bankId,
    name: v.name.trim(),
    gatewayLiftName: v.gatewayLiftName.trim(),
    doorSides: DOOR_SIDES.filter((s) => v.doorSides.includes(s)),
    servedFloorIds: servedInOrder(v, floors),
    landings: v.landings.map((l) => landingOf(l, system)),
    maxRobots: v.maxRobots,
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

const sameWaypoint = (a: WaypointValues, b: WaypointValues) =>
  a.x === b.x && a.y === b.y && (a.heading ?? 0) === (b.heading ?? 0);

function sameLandings(a: readonly LandingValues[], b: readonly LandingValues[]): boolean {
  return (
    a.length === b.length &&
    a.every((l, i) => {
      const o = b[i];
      return (
        o !== undefined &&
        l.floorId === o.floorId &&
        l.side === o.side &&
        l.floorCode.trim() === o.floorCode &&
        sameWaypoint(l.outside, o.outside) &&
        sameWaypoint(l.inside, o.inside)
      );
    })
  );
}

/**
 * Only what changed, compared as typed: a landing converted to feet and back is a few micrometres off, and
 * sending it unchanged would take the lift out of robot service for nothing.
 */
export function toEditLiftBody(
  lift: Lift,
  v: LiftFormValues,
  floors: readonly Floor[],
  system: UnitSystem,
): EditLiftInput {
  const before = liftValuesOf(lift, floors, system);
  const body: EditLiftInput = { id: lift.id };
  if (v.name.trim() !== before.name) body.name = v.name.trim();
  if (v.gatewayLiftName.trim() !== before.gatewayLiftName) body.gatewayLiftName = v.gatewayLiftName.trim();
  if (!sameSet(v.doorSides, before.doorSides))
    body.doorSides = DOOR_SIDES.filter((s) => v.doorSides.includes(s));
  if (!sameSet(v.servedFloorIds, before.servedFloorIds)) body.servedFloorIds = servedInOrder(v, floors);
  if (v.maxRobots !== before.maxRobots) body.maxRobots = v.maxRobots;
  if (!sameLandings(v.landings, before.landings)) body.landings = v.landings.map((l) => landingOf(l, system));
  return body;
}

/** Whether saving the edit changes what a test call checked. */
export function changesTestedFields(body: EditLiftInput): boolean {
  return TESTED_LIFT_FIELDS.some((f) => body[f] !== undefined);
}
