import type { AnalysisAlert, KpiTargets, Language, SaveAlertBody, SettingVersion } from '@fleet/contract';
import { cleanRecipients } from './report-form.utils';
import { settingValue } from './setting-form.utils';

export type AlertFormValues = Omit<SaveAlertBody, 'id'>;

export function newAlertForm(language: Language, email: string | undefined): AlertFormValues {
  return {
    name: '',
    kpi: 'availability',
    days: 3,
    buildingIds: [],
    recipients: email ? [email] : [],
    language,
    enabled: true,
  };
}

export function alertToForm(a: AnalysisAlert): AlertFormValues {
  return {
    name: a.name,
    kpi: a.kpi,
    days: a.days,
    buildingIds: [...a.buildingIds],
    recipients: [...a.recipients],
    language: a.language,
    enabled: a.enabled,
  };
}

export function formToAlertBody(values: AlertFormValues, id: string | undefined): SaveAlertBody {
  return {
    ...(id ? { id } : {}),
    ...values,
    name: values.name.trim(),
    recipients: cleanRecipients(values.recipients),
  };
}

const ALERT_FIELDS: ReadonlySet<string> = new Set<keyof AlertFormValues>([
  'name',
  'kpi',
  'days',
  'buildingIds',
  'recipients',
  'language',
  'enabled',
]);

export function alertFieldOf(path: readonly string[]): string[] | undefined {
  const [head] = path;
  return head !== undefined && ALERT_FIELDS.has(head) ? [head] : undefined;
}

/**
 * Whether the alert has a target to judge its KPI by: the server reads the company's target, or the building's
 * when the alert watches exactly one building (a robot's own target never applies to an alert). Any version
 * counts, a later one included: the alert waits for it.
 */
export function hasTargetFor(
  kpi: AlertFormValues['kpi'],
  buildingIds: readonly string[],
  versions: readonly SettingVersion[],
): boolean {
  const building = buildingIds.length === 1 ? buildingIds[0] : undefined;
  return versions.some((v) => {
    if (v.kind !== 'targets') return false;
    const applies = v.scope.kind === 'company' || (v.scope.kind === 'building' && v.scope.id === building);
    const targets: KpiTargets = settingValue('targets', v.value);
    return applies && targets[kpi] !== undefined;
  });
}
