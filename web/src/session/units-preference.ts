import { isUnitSystem, type UnitSystem } from '../units/units';
import { LEGACY_UNITS_KEY, readString, STORAGE_KEYS, writeValue } from './storage';

/** SHELL-UNITS: a chosen system wins; otherwise imperial in the US region, metric everywhere else. */
export function resolveUnits(chosen: UnitSystem | null, region: string | undefined): UnitSystem {
  if (chosen) return chosen;
  return region === 'US' ? 'imperial' : 'metric';
}

/**
 * Older clients kept the units under the analysis screen's key. A value there becomes the console-wide
 * choice unless one exists already; the legacy key is removed either way so it is read once.
 */
export function migrateLegacyUnits(storage: Storage): void {
  const legacy = readString(storage, LEGACY_UNITS_KEY);
  if (legacy === null) return;
  const current = readString(storage, STORAGE_KEYS.userUnits);
  if (!isUnitSystem(current) && isUnitSystem(legacy)) writeValue(storage, STORAGE_KEYS.userUnits, legacy);
  writeValue(storage, LEGACY_UNITS_KEY, null);
}
