import type { AnalysisReport, Language, SaveReportBody } from '@fleet/contract';
import type { UnitSystem } from '../../../units/units';

export type ReportFormValues = Omit<SaveReportBody, 'id'>;

export interface ReportDefaults {
  language: Language;
  units: UnitSystem;
  timeZone: string;
  /** The person setting it up: the first recipient of a new report. */
  email: string | undefined;
}

export function newReportForm(d: ReportDefaults): ReportFormValues {
  return {
    name: '',
    recipients: d.email ? [d.email] : [],
    frequency: 'weekly',
    sendAt: '08:00',
    timeZone: d.timeZone,
    language: d.language,
    units: d.units,
    format: 'xlsx',
    buildingIds: [],
    enabled: true,
  };
}

export function reportToForm(r: AnalysisReport): ReportFormValues {
  return {
    name: r.name,
    recipients: [...r.recipients],
    frequency: r.frequency,
    sendAt: r.sendAt,
    timeZone: r.timeZone,
    language: r.language,
    units: r.units,
    format: r.format,
    buildingIds: [...r.buildingIds],
    enabled: r.enabled,
  };
}

/** Addresses as typed in a tags field: trimmed, lower-case (as the server keeps them), each once. */
export function cleanRecipients(recipients: readonly string[]): string[] {
  return [...new Set(recipients.map((r) => r.trim().toLowerCase()).filter((r) => r.length > 0))];
}

export function formToReportBody(values: ReportFormValues, id: string | undefined): SaveReportBody {
  return {
    ...(id ? { id } : {}),
    ...values,
    name: values.name.trim(),
    recipients: cleanRecipients(values.recipients),
  };
}

const REPORT_FIELDS: ReadonlySet<string> = new Set<keyof ReportFormValues>([
  'name',
  'recipients',
  'frequency',
  'sendAt',
  'timeZone',
  'language',
  'units',
  'format',
  'buildingIds',
  'enabled',
]);

/** `body.recipients.2` belongs on the recipients field; a complaint about the id on none. */
export function reportFieldOf(path: readonly string[]): string[] | undefined {
  const [head] = path;
  return head !== undefined && REPORT_FIELDS.has(head) ? [head] : undefined;
}
