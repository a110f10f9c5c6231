import { ToolOutlined } from '@ant-design/icons';
import { Button, Flex, Result, Skeleton } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../access/use-can';
import { useAnalysisOptionsQuery } from '../../api/analysis/options-query';
import { useAnalysisSummaryQuery } from '../../api/analysis/summary-query';
import { Panel } from '../../components/Panel';
import { ScreenTitle } from '../../components/ScreenTitle';
import { AnalysisFigures } from './AnalysisFigures';
import { filterOf, knownOnly } from './analysis-url.utils';
import { dayLabel } from './chart-data.utils';
import { ExportButton } from './ExportButton';
import { FiltersBar } from './FiltersBar';
import { KpiCards } from './KpiCards';
import { NoDataState } from './NoDataState';
import { useAnalysisView } from './use-analysis-view';
import { useKpiFormat } from './use-kpi-format';

/** /analysis: the fleet's figures for a filter kept in the address, each chart opening the tasks behind it. */
export default function AnalysisPage() {
  const { t } = useTranslation('analysis');
  const navigate = useNavigate();
  const manage = useCan()('analysis.manage');
  const format = useKpiFormat();
  const options = useAnalysisOptionsQuery();
  const { view: asked, today, setView } = useAnalysisView();
  // An old link may name a robot that is gone: the figures ask only for what the options still offer.
  const view = useMemo(() => (options.data ? knownOnly(asked, options.data) : asked), [asked, options.data]);
  const filter = useMemo(() => (options.data ? filterOf(view) : undefined), [view, options.data]);
  const summary = useAnalysisSummaryQuery(filter);
  const day = (date: string) => dayLabel(date, format.locale);

  let content: ReactNode;
  if (options.isError || summary.isError) {
    const failed = options.isError ? options : summary;
    content = (
      <Panel>
        <Result
          status="warning"
          title={t('overview.loadFailed')}
          extra={<Button onClick={() => failed.refetch()}>{t('overview.retry')}</Button>}
          data-testid="analysis-failed"
        />
      </Panel>
    );
  } else if (!options.data || !summary.data) {
    content = (
      <Panel data-testid="analysis-loading">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Panel>
    );
  } else if (!summary.data.hasData) {
    content = (
      <NoDataState
        from={view.from}
        to={view.to}
        firstDay={options.data.firstDay}
        today={today}
        dayLabel={day}
        onRange={(from, to) => setView({ ...view, from, to, day: null })}
      />
    );
  } else {
    content = (
      <Flex vertical gap={16}>
        <KpiCards summary={summary.data} format={format} dayLabel={day} />
        <AnalysisFigures
          view={view}
          options={options.data}
          today={today}
          summary={summary.data}
          format={format}
          onView={setView}
        />
      </Flex>
    );
  }

  return (
    <section aria-labelledby="screen-title" data-testid="screen-analysis">
      <ScreenTitle
        extra={
          <Flex gap={8} wrap>
            {summary.data?.hasData && <ExportButton view={view} />}
            {manage.allowed && (
              <Button
                icon={<ToolOutlined />}
                onClick={() => navigate('/analysis/config')}
                data-testid="analysis-configure"
              >
                {t('overview.configure')}
              </Button>
            )}
          </Flex>
        }
      />
      {options.data && <FiltersBar view={view} options={options.data} today={today} onChange={setView} />}
      {content}
    </section>
  );
}
