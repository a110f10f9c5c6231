import type { AnalysisOptions, Granularity } from '@fleet/contract';
import { RANGE_DAYS_MAX } from '@fleet/contract';
import { DatePicker, Flex, Segmented, Select, Switch, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { type AnalysisView, fitGranularity, hourAllowed } from './analysis-url.utils';
import { DATE_PRESETS, presetRange } from './date-presets.utils';
import { buildingChoices, narrowView, robotChoices } from './filter-choices.utils';

interface Props {
  view: AnalysisView;
  options: AnalysisOptions;
  today: string;
  onChange: (next: AnalysisView) => void;
}

const GRANULARITIES: readonly Granularity[] = ['hour', 'day', 'week', 'month'];
const DAY = 'YYYY-MM-DD';

/** Which robots and days the screen covers, how finely the trend is cut, and whether to compare. */
export function FiltersBar({ view, options, today, onChange }: Props) {
  const { t } = useTranslation('analysis');
  const narrow = (patch: Partial<AnalysisView>) => onChange(narrowView({ ...view, ...patch }, options));
  const setRange = (from: string, to: string) =>
    onChange({
      ...view,
      from,
      to,
      granularity: fitGranularity(view.granularity, { from, to }),
      day: view.day && view.day >= from && view.day <= to ? view.day : null,
    });
  const hourOk = hourAllowed(view);
  const tooLong = (d: Dayjs, from: Dayjs | undefined) =>
    d.format(DAY) > today || (from !== undefined && Math.abs(d.diff(from, 'day')) >= RANGE_DAYS_MAX);

  return (
    <Flex
      wrap
      gap={8}
      align="center"
      style={{ marginBottom: 16 }}
      role="search"
      aria-label={t('filters.label')}
      data-testid="analysis-filters"
    >
      {options.companies.length > 1 && (
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          aria-label={t('filters.companies')}
          placeholder={t('filters.allCompanies')}
          value={view.companyIds}
          onChange={(companyIds: string[]) => narrow({ companyIds })}
          options={options.companies.map((c) => ({ value: c.id, label: c.name }))}
          optionFilterProp="label"
          style={{ width: 200 }}
          data-testid="filter-companies"
        />
      )}
      <Select
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        aria-label={t('filters.buildings')}
        placeholder={t('filters.allBuildings')}
        value={view.buildingIds}
        onChange={(buildingIds: string[]) => narrow({ buildingIds })}
        options={buildingChoices(options, view).map((b) => ({ value: b.id, label: b.name }))}
        optionFilterProp="label"
        style={{ width: 200 }}
        data-testid="filter-buildings"
      />
      <Select
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        aria-label={t('filters.robots')}
        placeholder={t('filters.allRobots')}
        value={view.robotIds}
        onChange={(robotIds: string[]) => onChange({ ...view, robotIds })}
        options={robotChoices(options, view).map((r) => ({ value: r.id, label: r.name }))}
        optionFilterProp="label"
        style={{ width: 200 }}
        data-testid="filter-robots"
      />
      <Select
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        aria-label={t('filters.models')}
        placeholder={t('filters.allModels')}
        value={view.models}
        onChange={(models: string[]) => narrow({ models })}
        options={options.models.map((m) => ({ value: m, label: m }))}
        style={{ width: 160 }}
        data-testid="filter-models"
      />
      <DatePicker.RangePicker
        aria-label={t('filters.range')}
        allowClear={false}
        value={[dayjs(view.from), dayjs(view.to)]}
        onChange={(range) => {
          const [from, to] = range ?? [];
          if (from && to) setRange(from.format(DAY), to.format(DAY));
        }}
        disabledDate={(d, info) => tooLong(d, info.from)}
        presets={DATE_PRESETS.map((p) => {
          const r = presetRange(p, today);
          return { label: t(`filters.presets.${p}`), value: [dayjs(r.from), dayjs(r.to)] as [Dayjs, Dayjs] };
        })}
        data-testid="filter-range"
      />
      <Segmented<Granularity>
        aria-label={t('filters.granularity')}
        value={view.granularity}
        onChange={(granularity) => onChange({ ...view, granularity })}
        options={GRANULARITIES.map((g) => ({
          value: g,
          disabled: g === 'hour' && !hourOk,
          label:
            g === 'hour' && !hourOk ? (
              <Tooltip title={t('filters.hourLimit')}>
                <span>{t(`granularity.${g}`)}</span>
              </Tooltip>
            ) : (
              t(`granularity.${g}`)
            ),
        }))}
        data-testid="filter-granularity"
      />
      <Flex align="center" gap={6} component="label">
        <Switch
          checked={view.compare}
          onChange={(compare) => onChange({ ...view, compare })}
          data-testid="filter-compare"
        />
        {t('filters.compare')}
      </Flex>
    </Flex>
  );
}
