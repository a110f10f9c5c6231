import {
  type LiftBank,
  type LiftTimeWindow,
  type LiftVendor,
  liftPolicy,
  VENDOR_DOOR_HOLD_MAX_S,
} from '@fleet/contract';
import type { CreateBankInput, EditBankInput } from '../../../api/lifts/lift-config-mutations';

export interface TimeWindowValues {
  weekdays: number[];
  from: string;
  to: string;
}

/** The bank dialog's fields: the adapter and the policy flattened, so each has its own form item. */
export interface BankFormValues {
  name: string;
  vendor: LiftVendor;
  gatewayId: string | undefined;
  endpoint: string;
  externalBuildingId: string;
  externalGroupId: string;
  scope: string;
  /** Typed to set a new credential; empty keeps the stored one. */
  credential: string;
  removeCredential: boolean;
  allowedRobotIds: string[];
  allowedModels: string[];
  timeWindows: TimeWindowValues[];
  maxSessions: number;
  doorHoldS: number;
  callTimeoutS: number;
  boardingTimeoutS: number;
  rideTimeoutS: number;
  sessionTimeoutS: number;
}

export const POLICY_SECONDS = [
  'doorHoldS',
  'callTimeoutS',
  'boardingTimeoutS',
  'rideTimeoutS',
  'sessionTimeoutS',
] as const;

const ADAPTER_FIELDS = ['endpoint', 'externalBuildingId', 'externalGroupId', 'scope'] as const;

/** Mon–Fri, 08:00–18:00: what a new time window starts as. */
export const NEW_TIME_WINDOW: TimeWindowValues = { weekdays: [1, 2, 3, 4, 5], from: '08:00', to: '18:00' };

export function newBankValues(gatewayId: string | undefined): BankFormValues {
  const policy = liftPolicy.parse({});
  return {
    name: '',
    vendor: 'generic',
    gatewayId,
    endpoint: '',
    externalBuildingId: '',
    externalGroupId: '',
    scope: '',
    credential: '',
    removeCredential: false,
    ...policy,
    timeWindows: [],
  };
}

export function bankValuesOf(bank: LiftBank): BankFormValues {
  return {
    name: bank.name,
    vendor: bank.vendor,
    gatewayId: bank.gatewayId,
    ...bank.adapter,
    credential: '',
    removeCredential: false,
    ...bank.policy,
    allowedRobotIds: [...bank.policy.allowedRobotIds],
    allowedModels: [...bank.policy.allowedModels],
    timeWindows: bank.policy.timeWindows.map((w) => ({ ...w, weekdays: [...w.weekdays] })),
  };
}

/** The door hold a vendor allows at most (its lifts' own limit). */
export const doorHoldMax = (vendor: LiftVendor | undefined) => VENDOR_DOOR_HOLD_MAX_S[vendor ?? 'generic'];

function policyOf(v: BankFormValues) {
  return {
    allowedRobotIds: v.allowedRobotIds,
    allowedModels: v.allowedModels.map((m) => m.trim()).filter(Boolean),
    timeWindows: v.timeWindows.map(
      (w): LiftTimeWindow => ({ weekdays: [...w.weekdays].sort((a, b) => a - b), from: w.from, to: w.to }),
    ),
    maxSessions: v.maxSessions,
    doorHoldS: v.doorHoldS,
    callTimeoutS: v.callTimeoutS,
    boardingTimeoutS: v.boardingTimeoutS,
    rideTimeoutS: v.rideTimeoutS,
    sessionTimeoutS: v.sessionTimeoutS,
  };
}

function adapterOf(v: BankFormValues) {
  return Object.fromEntries(ADAPTER_FIELDS.map((f) => [f, v[f].trim()])) as Record<
    (typeof ADAPTER_FIELDS)[number],
    string
  >;
}

/** The write-only credential: a new one when typed, null to delete it, absent to keep it. */
function credentialOf(v: BankFormValues): string | null | undefined {
  if (v.removeCredential) return null;
  return v.credential ? v.credential : undefined;
}

export function toCreateBankBody(buildingId: string, v: BankFormValues): CreateBankInput {
  const credential = credentialOf(v);
  return {
    buildingId,
    name: v.name.trim(),
    vendor: v.vendor,
    gatewayId: v.gatewayId ?? '',
    adapter: adapterOf(v),
    ...(credential ? { adapterCredential: credential } : {}),
    policy: policyOf(v),
  };
}

export function toEditBankBody(id: string, v: BankFormValues): EditBankInput {
  const credential = credentialOf(v);
  return {
    id,
    name: v.name.trim(),
    vendor: v.vendor,
    gatewayId: v.gatewayId ?? '',
    adapter: adapterOf(v),
    ...(credential !== undefined ? { adapterCredential: credential } : {}),
    policy: policyOf(v),
  };
}

/**
 * The form field a server complaint names: `policy.doorHoldS` is the door hold, `policy.timeWindows.1.from` the
 * second window's start, `adapter.scope` the scope. Undefined for a path the form has no field for.
 */
export function bankFieldOf(path: readonly string[]): (string | number)[] | undefined {
  const [head, second, third, fourth] = path;
  if (head === 'name' || head === 'vendor' || head === 'gatewayId') return [head];
  if (head === 'adapterCredential') return ['credential'];
  if (head === 'adapter' && (ADAPTER_FIELDS as readonly string[]).includes(second ?? ''))
    return [second ?? ''];
  if (head !== 'policy' || second === undefined) return undefined;
  if (second === 'timeWindows' && third !== undefined && /^\d+$/.test(third))
    return ['timeWindows', Number(third), fourth === 'from' || fourth === 'to' ? fourth : 'weekdays'];
  return [second];
}
