import type { SettingKind } from '@fleet/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatKpi } from '../kpi-format.utils';
import { useKpiFormat } from '../use-kpi-format';
import { summariseCalendar } from './calendar.utils';
import { summariseDowntime } from './downtime.utils';
import { summariseExclusions } from './exclusions.utils';
import { settingValue } from './setting-form.utils';
import { summariseTargets } from './targets.utils';

/** One line saying what a version sets, in the user's language and units (targets as the KPI cards show them). */
export function useSettingSummary(nameOf: (id: string) => string | undefined) {
  const { t } = useTranslation('analysis');
  const kpiFormat = useKpiFormat();
  return useCallback(
    (kind: SettingKind, value: unknown): string => {
      switch (kind) {
        case 'calendar':
          return summariseCalendar(settingValue('calendar', value), {
            weekday: (d) => t(`config.weekdays.short.${d}`),
            range: (first, last) => t('config.calendar.summary.range', { first, last }),
            allDay: t('config.calendar.summary.allDay'),
            nextDay: (time) => t('config.calendar.summary.nextDay', { time }),
            never: t('config.calendar.summary.never'),
            closedDays: (count) => t('config.calendar.summary.closedDays', { count }),
          });
        case 'targets':
          return summariseTargets(settingValue('targets', value), {
            name: (id) => t(`kpis.${id}.name`),
            value: (id, stored) => formatKpi(id, stored, kpiFormat),
            none: t('config.targets.summary.none'),
          });
        case 'downtime':
          return summariseDowntime(settingValue('downtime', value), {
            allErrors: t('config.downtime.summary.allErrors'),
            listed: (codes, count) => t('config.downtime.summary.listed', { codes, count }),
            offline: t('config.downtime.summary.offline'),
            onlineOnly: t('config.downtime.summary.onlineOnly'),
          });
        case 'exclusions':
          return summariseExclusions(settingValue('exclusions', value), nameOf, {
            nothing: t('config.exclusions.summary.nothing'),
            robots: (count, names) => t('config.exclusions.summary.robots', { count, names }),
            buildings: (count, names) => t('config.exclusions.summary.buildings', { count, names }),
          });
      }
    },
    [t, kpiFormat, nameOf],
  );
}
