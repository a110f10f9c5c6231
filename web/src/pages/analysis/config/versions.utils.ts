import type { ScopeKind, SettingKind, SettingVersion } from '@fleet/contract';

export interface SettingScope {
  kind: ScopeKind;
  id: string | null;
}

const SCOPE_ORDER: Record<ScopeKind, number> = { company: 0, building: 1, robot: 2 };

export const scopeKey = (s: SettingScope) => `${s.kind}:${s.id ?? ''}`;

/**
 * One kind's versions as the table lists them: the company first, then buildings and robots by name, each
 * scope's newest date first.
 */
export function versionsOf(
  kind: SettingKind,
  all: readonly SettingVersion[],
  nameOf: (id: string) => string | undefined,
): SettingVersion[] {
  const label = (v: SettingVersion) => (v.scope.id ? (nameOf(v.scope.id) ?? v.scope.id) : '');
  return all
    .filter((v) => v.kind === kind)
    .sort(
      (a, b) =>
        SCOPE_ORDER[a.scope.kind] - SCOPE_ORDER[b.scope.kind] ||
        label(a).localeCompare(label(b)) ||
        scopeKey(a.scope).localeCompare(scopeKey(b.scope)) ||
        b.effectiveFrom.localeCompare(a.effectiveFrom),
    );
}

/** The version each scope uses on `today`: its latest date on or before it (later ones are still to come). */
export function versionsInEffect(versions: readonly SettingVersion[], today: string): Set<string> {
  const best = new Map<string, SettingVersion>();
  for (const v of versions) {
    if (v.effectiveFrom > today) continue;
    const key = `${v.kind}/${scopeKey(v.scope)}`;
    const current = best.get(key);
    if (!current || v.effectiveFrom > current.effectiveFrom) best.set(key, v);
  }
  return new Set([...best.values()].map((v) => v.id));
}

/** The version of the same kind and scope that takes over when `version` goes; undefined when none does. */
export function versionBefore(
  version: SettingVersion,
  versions: readonly SettingVersion[],
): SettingVersion | undefined {
  return versions
    .filter(
      (v) =>
        v.kind === version.kind &&
        scopeKey(v.scope) === scopeKey(version.scope) &&
        v.effectiveFrom < version.effectiveFrom,
    )
    .sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom))[0];
}

/** The company's latest version of a kind: what a new version starts from. */
export function latestCompanyVersion(
  kind: SettingKind,
  versions: readonly SettingVersion[],
): SettingVersion | undefined {
  return versions
    .filter((v) => v.kind === kind && v.scope.kind === 'company')
    .sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom))[0];
}

/**
 * What a new version for `scope` starts from: that scope's latest value; else, for targets, nothing (a building
 * or robot inherits every target until one is typed); else the company's latest. Undefined: the kind's default.
 */
export function startingValue(
  kind: SettingKind,
  scope: SettingScope,
  versions: readonly SettingVersion[],
): unknown {
  const own = versions
    .filter((v) => v.kind === kind && scopeKey(v.scope) === scopeKey(scope))
    .sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom))[0];
  if (own) return own.value;
  if (kind === 'targets' && scope.kind !== 'company') return {};
  return latestCompanyVersion(kind, versions)?.value;
}
