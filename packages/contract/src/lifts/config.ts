import { z } from 'zod';
import { rawText, text } from '../text.js';
import { floorCode, liftTopicLevel } from './link.js';

/*
 * How lifts are configured (/elevator/config): gateways (the MQTT logins lift adapters use), banks per building,
 * lifts per bank with their landings, and each bank's policy for robots.
 */

export const LIFT_VENDORS = ['generic', 'kone', 'otis', 'schindler', 'relayBox', 'simulated'] as const;
export const liftVendor = z.enum(LIFT_VENDORS);
export type LiftVendor = z.infer<typeof liftVendor>;

/**
 * The longest a vendor lets a robot hold the doors open, in seconds (KONE's robot API: a hard hold of 10 s,
 * then a soft one of up to 30 s). A bank's door hold is capped by its vendor's.
 */
/**
 * The rules the server checks on a bank's policy and a lift's floors and landings beyond their shapes, as the
 * `rule` of each refused field (`issues` in the error envelope): the console words each in the user's language.
 */
export const LIFT_CONFIG_RULES = [
  'servedFloorElsewhere',
  'servedFloorTwice',
  'landingFloorNotServed',
  'landingNoSuchDoor',
  'landingTwice',
  'floorCodeTaken',
  'floorCodeDiffersByDoor',
  'floorWithoutMap',
  'waypointOffMap',
  'landingMissing',
  'doorHoldOverVendorCap',
  'timeWindowEmpty',
  'sessionShorterThanCallAndRide',
  'robotNotOfCompany',
] as const;
export type LiftConfigRule = (typeof LIFT_CONFIG_RULES)[number];

export const VENDOR_DOOR_HOLD_MAX_S: Record<LiftVendor, number> = {
  generic: 60,
  kone: 30,
  otis: 30,
  schindler: 30,
  relayBox: 60,
  simulated: 120,
};

export const DOOR_SIDES = ['front', 'rear'] as const;
export const doorSide = z.enum(DOOR_SIDES);
export type DoorSide = z.infer<typeof doorSide>;

/** A pose on a floor's map, metres and radians in the map frame. */
export const waypoint = z.object({
  x: z.number().finite(),
  y: z.number().finite(),
  theta: z
    .number()
    .finite()
    .min(-Math.PI * 2)
    .max(Math.PI * 2),
});
export type Waypoint = z.infer<typeof waypoint>;

/** Where a robot waits for the car on a floor (outside) and where it stands in the car (inside), on that floor's map. */
export const liftLanding = z.object({
  floorId: z.uuid(),
  side: doorSide,
  /** The vendor's name for the floor: a string ("B1", "0", "12A"). */
  floorCode,
  outside: waypoint,
  inside: waypoint,
});
export type LiftLanding = z.infer<typeof liftLanding>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Hours robots may use the bank, in the building's time zone; `to` before `from` runs past midnight. */
export const liftTimeWindow = z.object({
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  weekdays: z.array(z.int().min(1).max(7)).min(1, 'at least one day').max(7),
  from: z.string().regex(HHMM, 'a time HH:MM'),
  to: z.string().regex(HHMM, 'a time HH:MM'),
});
export type LiftTimeWindow = z.infer<typeof liftTimeWindow>;

const seconds = (min: number, max: number) =>
  z.int().min(min, `at least ${min} s`).max(max, `at most ${max} s`);

/** Which robots may use a bank, when, how many at once, and how long each step may take. */
export const liftPolicy = z.object({
  /** Robots allowed by id; with `allowedModels`, both empty means every robot of the building. */
  allowedRobotIds: z.array(z.uuid()).max(1000).default([]),
  allowedModels: z
    .array(text({ min: 1, max: 80 }))
    .max(100)
    .default([]),
  /** Empty: at any time. */
  timeWindows: z.array(liftTimeWindow).max(20).default([]),
  /** Robot sessions open at once on the bank's lifts. */
  maxSessions: z.int().min(1).max(20).default(1),
  /** How long the doors are held for a robot boarding or leaving (capped by the vendor's limit). */
  doorHoldS: seconds(1, 120).default(10),
  /** The car must arrive with its doors open within this. */
  callTimeoutS: seconds(5, 600).default(90),
  /** The robot must be in the car (or out of it) within this of the doors opening. */
  boardingTimeoutS: seconds(5, 600).default(60),
  /** The car must reach the destination with its doors open within this of the robot boarding. */
  rideTimeoutS: seconds(5, 600).default(120),
  /** A session lasting longer is ended by the server, whatever it waits for. */
  sessionTimeoutS: seconds(30, 3600).default(600),
});
export type LiftPolicy = z.infer<typeof liftPolicy>;

/** Adapter settings a vendor's cloud needs; the credential is write-only (never answered, stored encrypted). */
export const liftAdapter = z.object({
  endpoint: text({ max: 300 }).default(''),
  externalBuildingId: text({ max: 120 }).default(''),
  externalGroupId: text({ max: 120 }).default(''),
  scope: text({ max: 300 }).default(''),
});
export type LiftAdapter = z.infer<typeof liftAdapter>;

/** A gateway: one MQTT login that reports the lifts of one or more banks. */
export const liftGateway = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The gateway's topics are below it; it is also its MQTT username. */
  topicRoot: z.string(),
  online: z.boolean().nullable(),
  bankCount: z.int().min(0),
  createdAt: z.iso.datetime(),
});
export type LiftGateway = z.infer<typeof liftGateway>;

/** Shown once, when a gateway is registered or its password renewed; the server keeps only a hash. */
export const gatewayCredentials = z.object({
  gatewayId: z.uuid(),
  username: z.string(),
  password: z.string(),
  topicRoot: z.string(),
  /** Where the embedded broker listens (null when an external broker is used). */
  mqttPort: z.int().nullable(),
});
export type GatewayCredentials = z.infer<typeof gatewayCredentials>;

export const lift = z.object({
  id: z.uuid(),
  bankId: z.uuid(),
  name: z.string(),
  /** The lift's name at its gateway: the topic level of its state and requests. */
  gatewayLiftName: z.string(),
  doorSides: z.array(doorSide),
  servedFloorIds: z.array(z.uuid()),
  landings: z.array(liftLanding),
  maxRobots: z.int(),
  enabledForRobots: z.boolean(),
  outOfService: z.boolean(),
  /** When a test call last passed; robots may use the lift only when it passed after the last change. */
  testPassedAt: z.iso.datetime().nullable(),
  changedAt: z.iso.datetime(),
  version: z.int(),
});
export type Lift = z.infer<typeof lift>;

export const liftBank = z.object({
  id: z.uuid(),
  buildingId: z.uuid(),
  name: z.string(),
  vendor: liftVendor,
  gatewayId: z.uuid(),
  adapter: liftAdapter,
  /** Whether a credential is stored (its value never leaves the server). */
  hasAdapterCredential: z.boolean(),
  policy: liftPolicy,
  lifts: z.array(lift),
  version: z.int(),
  updatedAt: z.iso.datetime(),
});
export type LiftBank = z.infer<typeof liftBank>;

const name = text({ min: 1, max: 80 });

export const registerGatewayBody = z.object({ name });
export const editGatewayBody = z.object({ id: z.uuid(), name });

const bankFields = {
  name,
  vendor: liftVendor,
  gatewayId: z.uuid(),
  adapter: liftAdapter.default({ endpoint: '', externalBuildingId: '', externalGroupId: '', scope: '' }),
  /** Sets the adapter's credential; `null` deletes it; absent keeps it. */
  adapterCredential: rawText(2000).nullable().optional(),
  policy: liftPolicy.default(liftPolicy.parse({})),
};
export const createBankBody = z.object({ buildingId: z.uuid(), ...bankFields });
export const editBankBody = z.object({
  id: z.uuid(),
  name: name.optional(),
  vendor: liftVendor.optional(),
  gatewayId: z.uuid().optional(),
  adapter: liftAdapter.optional(),
  adapterCredential: bankFields.adapterCredential,
  policy: liftPolicy.optional(),
});

const liftFields = {
  name,
  gatewayLiftName: liftTopicLevel,
  doorSides: z.array(doorSide).min(1, 'at least one door side').max(2),
  servedFloorIds: z.array(z.uuid()).min(2, 'at least two floors').max(256),
  landings: z.array(liftLanding).max(512),
  maxRobots: z.int().min(1).max(10).default(1),
};
export const createLiftBody = z.object({ bankId: z.uuid(), ...liftFields });
export const editLiftBody = z.object({
  id: z.uuid(),
  name: name.optional(),
  gatewayLiftName: liftFields.gatewayLiftName.optional(),
  doorSides: liftFields.doorSides.optional(),
  servedFloorIds: liftFields.servedFloorIds.optional(),
  landings: liftFields.landings.optional(),
  maxRobots: z.int().min(1).max(10).optional(),
});
export const setLiftEnabledBody = z.object({ enabled: z.boolean() });
