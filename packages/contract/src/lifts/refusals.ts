/**
 * The refusals of the lift calls as a whole (a conflict: the lift is held, a robot rides it), as the `rule` of
 * the answer's `refusal` beside `info`'s English, or of the refused field (`issues`) for a bad request naming
 * one: the console words each in the user's language. A bank's or lift's fields broken against the
 * configuration rules are `LIFT_CONFIG_RULES`. The values each rule's words need are in `params` (named in the
 * comment); `block` is a `LiftBlock`, `purpose` a session purpose (`SESSION_PURPOSES`).
 */
export const LIFT_RULES = [
  /** lift, block: an alarm, a silent gateway or no state. */
  'liftBlocked',
  /** lift, floor, floors: the floor codes it has. */
  'liftNoLanding',
  /** lift, floor. */
  'liftFloorNotAdvertised',
  /** lift, purpose: release it first. */
  'liftHeld',
  /** lift, purpose: only a force release ends it. */
  'liftHeldForceRelease',
  /** lift. */
  'liftNoOperatorSession',
  /** lift. */
  'liftNotHeld',
  /** lift. */
  'liftNotLocated',
  /** lift: its floors or gateway name change once the ride has ended. */
  'liftRidingNoChange',
  /** lifts: the lifts' names, joined by ", ". */
  'liftRidingNoRemove',
  /** lift. */
  'liftNotTested',
  /** The gateway of a bank already reports a lift under the gateway lift name given. */
  'liftNameTaken',
  /** The new gateway already reports a lift under a name one of the bank's lifts uses. */
  'gatewayLiftNameTaken',
  /** gateway, banks: the banks' names, joined by ", ". */
  'gatewayInUse',
  /** robot. */
  'noLiftCanTake',
  /** building. */
  'noLiftServesFloors',
] as const;
export type LiftRule = (typeof LIFT_RULES)[number];
