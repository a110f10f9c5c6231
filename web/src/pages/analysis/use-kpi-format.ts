import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnits } from '../../units/use-units';
import type { KpiFormat } from './kpi-format.utils';

/** The figures' formatting in the user's units and language. */
export function useKpiFormat(): KpiFormat {
  const { t } = useTranslation('analysis');
  const { system, locale } = useUnits();
  return useMemo(
    () => ({
      system,
      locale,
      words: {
        hours: (value) => t('units.hours', { value }),
        minutes: (value) => t('units.minutes', { value }),
        seconds: (value) => t('units.seconds', { value }),
        perHour: (value) => t('units.perHour', { value }),
        hourUnit: t('units.hour'),
        minuteUnit: t('units.minute'),
      },
    }),
    [system, locale, t],
  );
}
