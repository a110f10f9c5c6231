import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-store';
import { resolveUnits } from '../session/units-preference';
import {
  formatArea,
  formatAreaPerHour,
  formatDistance,
  formatLength,
  formatSpeed,
  type UnitSystem,
} from './units';

/** The unit system in force: the user's choice, else the region's default. */
export function useUnitSystem(): UnitSystem {
  const chosen = useSession((s) => s.userUnits);
  const region = useSession((s) => s.regionInfo?.region);
  return resolveUnits(chosen, region);
}

/** Formatters bound to the unit system and the language, for screens that show measures. */
export function useUnits() {
  const system = useUnitSystem();
  const { i18n } = useTranslation();
  const locale = i18n.language === 'zh' ? 'zh-CN' : 'en';
  return useMemo(
    () => ({
      system,
      locale,
      length: (metres: number | null | undefined, digits?: number) =>
        formatLength(metres, { system, locale, digits }),
      area: (squareMetres: number | null | undefined, digits?: number) =>
        formatArea(squareMetres, { system, locale, digits }),
      speed: (metresPerSecond: number | null | undefined, digits?: number) =>
        formatSpeed(metresPerSecond, { system, locale, digits }),
      distance: (metres: number | null | undefined, digits?: number) =>
        formatDistance(metres, { system, locale, digits }),
      areaPerHour: (squareMetresPerHour: number | null | undefined, digits?: number) =>
        formatAreaPerHour(squareMetresPerHour, { system, locale, digits }),
    }),
    [system, locale],
  );
}
