/**
 * The refusals of the mini device calls, as the `rule` of the answer's `refusal` (a conflict) or of its refused
 * field (`issues`, a bad request), beside `info`'s English: the console words each in the user's language.
 * The values each rule's words need are in `params` (named in the comment).
 */
export const DEVICE_RULES = [
  /** name: the region has a device of this name. */
  'deviceNameTaken',
  /** device: it is not connected, so it cannot beep or blink. */
  'deviceOffline',
  /** device, type: a device of its type does not call robots. */
  'deviceDoesNotCall',
  /** device: a test call needs its building, floor and point. */
  'deviceNotPlaced',
  /** device: its building's dispatcher refused the call (a call is open already…). */
  'deviceCannotCallNow',
  /** device. */
  'deviceNoOpenCall',
  /** A floor or point was given without a building. */
  'placeNeedsBuilding',
  /** A point was given without its floor. */
  'pointNeedsFloor',
  /** floor, building. */
  'floorNotOfBuilding',
  /** A bulk bind file that is not CSV. */
  'csvUnreadable',
  /** columns: the missing column names, joined by ", ". */
  'csvColumnsMissing',
  'csvNoRows',
  /** max. */
  'csvTooManyRows',
] as const;
export type DeviceRule = (typeof DEVICE_RULES)[number];

/**
 * Why a line of a bulk bind file cannot be bound, as each refused row's `refusal.rule`; its `params` hold the
 * values the words need (named in the comment).
 */
export const BULK_BIND_RULES = [
  'nameEmpty',
  /** name. */
  'unknownDevice',
  /** name, line: the earlier line naming it. */
  'repeatedDevice',
  'buildingEmpty',
  /** building. */
  'unknownBuilding',
  /** building, count. */
  'ambiguousBuilding',
  /** building, floor. */
  'unknownFloor',
  /** building, floor, count. */
  'ambiguousFloor',
  /** x without y or y without x. */
  'halfPoint',
  /** x or y is not a number of metres (within 100 km). */
  'pointNotMetres',
  /** A point without its floor. */
  'pointNeedsFloor',
] as const;
export type BulkBindRule = (typeof BULK_BIND_RULES)[number];
