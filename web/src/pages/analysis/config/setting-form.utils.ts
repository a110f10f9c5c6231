import {
  DEFAULT_DOWNTIME,
  type DowntimeRules,
  downtimeRules,
  type Exclusions,
  exclusions,
  type KpiTargets,
  kpiTargets,
  NO_EXCLUSIONS,
  ROUND_THE_CLOCK,
  type SaveSettingBody,
  type ScopeKind,
  type SettingKind,
  type SettingVersion,
  type ShiftCalendar,
  shiftCalendar,
} from '@fleet/contract';
import type { UnitSystem } from '../../../units/units';
import { type CalendarForm, calendarToForm, formToCalendar } from './calendar.utils';
import { cleanCodes } from './downtime.utils';
import { formToTargets, type TargetsForm, targetsToForm } from './targets.utils';

export interface SettingValues {
  calendar: ShiftCalendar;
  targets: KpiTargets;
  downtime: DowntimeRules;
  exclusions: Exclusions;
}

const SCHEMAS = { calendar: shiftCalendar, targets: kpiTargets, downtime: downtimeRules, exclusions };
const DEFAULTS: SettingValues = {
  calendar: ROUND_THE_CLOCK,
  targets: {},
  downtime: DEFAULT_DOWNTIME,
  exclusions: NO_EXCLUSIONS,
};

/** A stored value read with the kind's schema; one that does not fit (written by an older server) reads as the default. */
export function settingValue<K extends SettingKind>(kind: K, value: unknown): SettingValues[K] {
  const parsed = SCHEMAS[kind].safeParse(value);
  return (parsed.success ? parsed.data : DEFAULTS[kind]) as SettingValues[K];
}

/** The dialog's fields; only the current kind's editor is filled. */
export interface SettingFormValues {
  scopeKind: ScopeKind;
  scopeId?: string | undefined;
  /** YYYY-MM-DD. */
  effectiveFrom: string;
  calendar?: CalendarForm;
  targets?: TargetsForm;
  downtime?: DowntimeRules;
  exclusions?: Exclusions;
}

/** The editor's fields for a value of the kind (undefined: the kind's default). */
export function editorValues(
  kind: SettingKind,
  value: unknown,
  system: UnitSystem,
): Partial<SettingFormValues> {
  switch (kind) {
    case 'calendar':
      return { calendar: calendarToForm(settingValue('calendar', value)) };
    case 'targets':
      return { targets: targetsToForm(settingValue('targets', value), system) };
    case 'downtime':
      return { downtime: { ...settingValue('downtime', value) } };
    case 'exclusions':
      return { exclusions: { ...settingValue('exclusions', value) } };
  }
}

/** A version to edit: saving it with the same scope and date replaces it. */
export function versionToForm(version: SettingVersion, system: UnitSystem): SettingFormValues {
  return {
    scopeKind: version.scope.kind,
    scopeId: version.scope.id ?? undefined,
    effectiveFrom: version.effectiveFrom,
    ...editorValues(version.kind, version.value, system),
  };
}

/** A new version from `today`, on the company, starting from `start` (see `startingValue`) or the default. */
export function newSettingForm(
  kind: SettingKind,
  start: unknown,
  today: string,
  system: UnitSystem,
): SettingFormValues {
  return {
    scopeKind: 'company',
    effectiveFrom: today,
    ...editorValues(kind, start ?? DEFAULTS[kind], system),
  };
}

/** `previous`: the version being edited, whose targets keep their exact numbers when left unchanged. */
export function formToSettingBody(
  kind: SettingKind,
  values: SettingFormValues,
  system: UnitSystem,
  previous?: SettingVersion,
): SaveSettingBody {
  const scope = {
    kind: values.scopeKind,
    id: values.scopeKind === 'company' ? null : (values.scopeId ?? null),
  };
  const head = { scope, effectiveFrom: values.effectiveFrom };
  switch (kind) {
    case 'calendar':
      return { kind, ...head, value: formToCalendar(values.calendar ?? calendarToForm(DEFAULTS.calendar)) };
    case 'targets': {
      const before = previous ? settingValue('targets', previous.value) : {};
      return { kind, ...head, value: formToTargets(values.targets ?? {}, system, before) };
    }
    case 'downtime': {
      const d = values.downtime ?? DEFAULTS.downtime;
      return { kind, ...head, value: { ...d, codes: d.errors === 'listed' ? cleanCodes(d.codes) : [] } };
    }
    case 'exclusions': {
      const e = values.exclusions ?? DEFAULTS.exclusions;
      return { kind, ...head, value: { robotIds: [...e.robotIds], buildingIds: [...e.buildingIds] } };
    }
  }
}

type NamePath = (string | number)[];

/**
 * The dialog field a complaint of the server belongs on (`body.value.weekly.2.windows.0.to` is Wednesday's first
 * window); undefined for one no field shows, which is then told as a whole.
 */
export function settingFieldOf(kind: SettingKind, path: readonly string[]): NamePath | undefined {
  const [head, second, ...rest] = path;
  if (head === 'scope') return second === 'id' ? ['scopeId'] : ['scopeKind'];
  if (head === 'effectiveFrom') return ['effectiveFrom'];
  if (head !== 'value' || second === undefined) return undefined;
  if (kind !== 'calendar') return [kind, second];
  if (second === 'closedDays') return ['calendar', 'closedDays'];
  const [day, windows, index] = rest;
  if (second !== 'weekly' || day === undefined || !/^\d$/.test(day)) return undefined;
  if (windows !== 'windows') return ['calendar', 'days', Number(day), 'works'];
  return index !== undefined && /^\d+$/.test(index)
    ? ['calendar', 'days', Number(day), 'windows', Number(index)]
    : ['calendar', 'days', Number(day), 'works'];
}
