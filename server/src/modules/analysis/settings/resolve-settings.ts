import {
  DEFAULT_DOWNTIME,
  type DowntimeRules,
  type Exclusions,
  type KpiTargets,
  NO_EXCLUSIONS,
  ROUND_THE_CLOCK,
  type ScopeKind,
  type SettingKind,
  type ShiftCalendar,
} from '@fleet/contract';

/** A stored version, as the resolver reads it. */
export interface SettingRow {
  id: string;
  kind: SettingKind;
  scopeKind: ScopeKind;
  scopeId: string | null;
  effectiveFrom: string;
  value: unknown;
}

/**
 * The company's settings as in effect on any day: for each kind and scope the version with the latest
 * `effectiveFrom` on or before the day. A building's calendar replaces the company's; targets merge KPI by KPI,
 * robot over building over company.
 */
export class CompanySettings {
  /** kind|scopeKind|scopeId → versions, latest date first. */
  private readonly versions = new Map<string, SettingRow[]>();

  constructor(rows: readonly SettingRow[]) {
    for (const r of rows) {
      const key = `${r.kind}|${r.scopeKind}|${r.scopeId ?? ''}`;
      const list = this.versions.get(key) ?? [];
      list.push(r);
      this.versions.set(key, list);
    }
    for (const list of this.versions.values())
      list.sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom));
  }

  private on<T>(
    kind: SettingKind,
    scopeKind: ScopeKind,
    scopeId: string | null,
    date: string,
  ): T | undefined {
    const list = this.versions.get(`${kind}|${scopeKind}|${scopeId ?? ''}`);
    return list?.find((v) => v.effectiveFrom <= date)?.value as T | undefined;
  }

  calendarOn(buildingId: string | null, date: string): ShiftCalendar {
    return (
      (buildingId ? this.on<ShiftCalendar>('calendar', 'building', buildingId, date) : undefined) ??
      this.on<ShiftCalendar>('calendar', 'company', null, date) ??
      ROUND_THE_CLOCK
    );
  }

  downtimeOn(date: string): DowntimeRules {
    return this.on<DowntimeRules>('downtime', 'company', null, date) ?? DEFAULT_DOWNTIME;
  }

  exclusionsOn(date: string): Exclusions {
    return this.on<Exclusions>('exclusions', 'company', null, date) ?? NO_EXCLUSIONS;
  }

  isExcluded(robotId: string, buildingId: string | null, date: string): boolean {
    const ex = this.exclusionsOn(date);
    return ex.robotIds.includes(robotId) || (buildingId !== null && ex.buildingIds.includes(buildingId));
  }

  /** The targets of the narrowest scope named, each KPI inherited from the wider scope when not set. */
  targetsOn(date: string, buildingId: string | null, robotId: string | null): KpiTargets {
    return {
      ...(this.on<KpiTargets>('targets', 'company', null, date) ?? {}),
      ...(buildingId ? (this.on<KpiTargets>('targets', 'building', buildingId, date) ?? {}) : {}),
      ...(robotId ? (this.on<KpiTargets>('targets', 'robot', robotId, date) ?? {}) : {}),
    };
  }
}
