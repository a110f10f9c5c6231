import type { AnalysisScope, TaskSearch } from '@fleet/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bucketLabel, weekdayNames } from './chart-data.utils';
import { type DrillTarget, taskSearchFor } from './drill-down.utils';

export interface DrillDown {
  /** The tasks to list; undefined while nothing was clicked. */
  search: TaskSearch | undefined;
  /** What was clicked, in words, for the drawer's title. */
  what: string;
  open: (target: DrillTarget) => void;
  close: () => void;
}

/** A click on a figure, turned into the search for its tasks. */
export function useDrillDown(
  scope: AnalysisScope,
  noBuildingRobots: readonly string[],
  locale: string,
): DrillDown {
  const { t } = useTranslation('analysis');
  const [opened, setOpened] = useState<{ search: TaskSearch; what: string }>();
  const describe = (target: DrillTarget): string => {
    switch (target.kind) {
      case 'bucket': {
        const label = bucketLabel(target.start, target.granularity, locale);
        return target.previous ? `${label} (${t('trend.previous')})` : label;
      }
      case 'cell':
        return t('heatmap.cell', {
          weekday: weekdayNames(locale)[target.weekday - 1],
          hour: String(target.hour).padStart(2, '0'),
        });
      case 'errorCode':
        return t('tasks.errorCode', { code: target.code });
      case 'ranking':
        return target.name;
    }
  };
  return {
    search: opened?.search,
    what: opened?.what ?? '',
    open: (target) => {
      const search = taskSearchFor(scope, target, noBuildingRobots);
      if (search) setOpened({ search, what: describe(target) });
    },
    close: () => setOpened(undefined),
  };
}
