import type { LiveRobot } from '@fleet/contract';

/* One robot as the live store holds it: its identity, its facts, and how they become the browser's record. */

/** A registered robot: what the console knows of it before it ever speaks. */
export interface RobotIdentity {
  id: string;
  companyId: string;
  name: string;
  manufacturer: string;
  serialNumber: string;
  model: string;
  buildingId: string | null;
  /** Longer than this without a message and the robot is shown as stale. */
  expectedIntervalMs: number;
}

/** What the live store holds of one robot. */
export interface Entry {
  identity: RobotIdentity;
  /**
   * The robot's place among the store's robots (0, 1, …; a removed robot's place goes to the next one registered):
   * a listener that keeps something per robot keeps it in an array by this, and finds it without hashing the id in
   * a map as large as the fleet (30,000 messages a second, several listeners each).
   */
  index: number;
  connection: LiveRobot['connection'];
  position: LiveRobot['position'];
  velocity: LiveRobot['velocity'];
  battery: number | null;
  charging: boolean;
  driving: boolean;
  paused: boolean;
  operatingMode: string | null;
  orderId: string | null;
  openNodes: number;
  errors: LiveRobot['errors'];
  actionStates: LiveRobot['actionStates'];
  lastSeenAt: number | null;
  stale: boolean;
  status: LiveRobot['status'];
  /**
   * The way the robot went since it was registered, in metres, from each position it reported to the next on the
   * same floor (a floor change adds nothing): a task's distance is the difference between its end and its start,
   * so no listener has to follow every message of a robot that only moves.
   */
  travelledM: number;
}

/**
 * A robot's current facts, read in place (no copy): for listeners called on every message. Its position and
 * velocity are updated in place while the robot stays on its floor (30,000 messages a second left two objects
 * each for the collector): read them now, and copy what you keep.
 */
export type RobotFacts = Readonly<
  Pick<
    Entry,
    | 'index'
    | 'status'
    | 'connection'
    | 'position'
    | 'velocity'
    | 'lastSeenAt'
    | 'battery'
    | 'charging'
    | 'driving'
    | 'orderId'
    | 'openNodes'
    | 'errors'
    | 'actionStates'
    | 'travelledM'
  >
>;

type Fields<K extends string> = { readonly [F in K]?: string | undefined };

/**
 * Whether the robot's stored list (errors, action states) holds what a VDA state message sends, compared on
 * `keys` in order, without copying either (a field left out equals an empty one).
 */
export function sameEntries<K extends string>(
  held: readonly Fields<K>[],
  sent: readonly Fields<K>[],
  keys: readonly K[],
): boolean {
  // The same list again: the ingest hands on the list it read last when a message repeats its bytes.
  if (held === sent) return true;
  if (held.length !== sent.length) return false;
  for (let i = 0; i < held.length; i++) {
    const a = held[i];
    const b = sent[i];
    if (!a || !b) return false;
    for (const k of keys) if ((a[k] ?? '') !== (b[k] ?? '')) return false;
  }
  return true;
}

export const ERROR_FIELDS = ['errorType', 'errorLevel', 'errorDescription', 'actionId'] as const;
export const ACTION_FIELDS = ['actionId', 'actionStatus', 'actionType', 'resultDescription'] as const;

export function matches(
  identity: RobotIdentity,
  position: LiveRobot['position'],
  companyId: string,
  filter: { buildingId?: string; floorId?: string },
): boolean {
  if (identity.companyId !== companyId) return false;
  if (filter.buildingId && identity.buildingId !== filter.buildingId) return false;
  if (filter.floorId && position?.mapId !== filter.floorId) return false;
  return true;
}

export function blank(identity: RobotIdentity, index: number): Entry {
  return {
    identity,
    index,
    connection: null,
    position: null,
    velocity: null,
    battery: null,
    charging: false,
    driving: false,
    paused: false,
    operatingMode: null,
    orderId: null,
    openNodes: 0,
    errors: [],
    actionStates: [],
    lastSeenAt: null,
    stale: false,
    status: 'offline',
    travelledM: 0,
  };
}

export function toDto(e: Entry): LiveRobot {
  const { identity: i } = e;
  return {
    id: i.id,
    name: i.name,
    serialNumber: i.serialNumber,
    manufacturer: i.manufacturer,
    model: i.model,
    buildingId: i.buildingId,
    status: e.status,
    connection: e.connection,
    stale: e.stale,
    // Copies: the entry's own are updated in place.
    position: e.position && { ...e.position },
    velocity: e.velocity && { ...e.velocity },
    battery: e.battery,
    charging: e.charging,
    driving: e.driving,
    paused: e.paused,
    operatingMode: e.operatingMode,
    orderId: e.orderId,
    errors: e.errors,
    actionStates: e.actionStates,
    lastSeenAt: e.lastSeenAt === null ? null : new Date(e.lastSeenAt).toISOString(),
  };
}
