import { ArrowLeftOutlined, HistoryOutlined } from '@ant-design/icons';
import { SETTING_KINDS } from '@fleet/contract';
import { Alert, Button, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../access/use-can';
import { Panel } from '../../components/Panel';
import { ScreenTitle } from '../../components/ScreenTitle';
import { AlertsTab } from './config/AlertsTab';
import { RecomputeModal } from './config/RecomputeModal';
import { ReportsTab } from './config/ReportsTab';
import { SettingsTab } from './config/SettingsTab';

const TABS = [...SETTING_KINDS, 'reports', 'alerts'] as const;
type Tab = (typeof TABS)[number];

/**
 * /analysis/config: the versioned settings the figures are computed with, the e-mailed reports and the KPI
 * alerts. People without analysis.manage see it all, read-only.
 */
export default function AnalysisConfigPage() {
  const { t } = useTranslation('analysis');
  const navigate = useNavigate();
  const rights = useCan()('analysis.manage');
  const manage = rights.allowed;
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((k) => k === params.get('tab')) ?? 'calendar';
  const [recomputing, setRecomputing] = useState(false);

  return (
    <section aria-labelledby="screen-title" data-testid="screen-analysisConfig">
      <ScreenTitle
        extra={
          <Space wrap>
            <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate('/analysis')}>
              {t('config.back')}
            </Button>
            {manage && (
              <Button
                icon={<HistoryOutlined aria-hidden />}
                data-testid="recompute-open"
                onClick={() => setRecomputing(true)}
              >
                {t('config.recompute.open')}
              </Button>
            )}
          </Space>
        }
      />
      {!manage && !rights.pending && (
        <Alert type="info" showIcon title={t('config.readOnly')} style={{ marginBottom: 16 }} />
      )}
      <Panel>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={TABS.map((key) => ({
            key,
            label: t(`config.tabs.${key}`),
            children:
              key === 'reports' ? (
                <ReportsTab manage={manage} />
              ) : key === 'alerts' ? (
                <AlertsTab manage={manage} />
              ) : (
                <SettingsTab kind={key} manage={manage} />
              ),
          }))}
        />
      </Panel>
      {recomputing && <RecomputeModal onClose={() => setRecomputing(false)} />}
    </section>
  );
}
