import type { AnalysisAlert } from '@fleet/contract';
import { Empty, Flex, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlertRemoveMutation } from '../../../api/analysis/alert-mutations';
import { useAnalysisAlertsQuery } from '../../../api/analysis/alerts-query';
import { notify } from '../../../feedback/notifier';
import { AlertFormModal } from './AlertFormModal';
import { RowActions } from './RowActions';
import { TabIntro } from './TabIntro';
import { useCompanyChoices } from './use-company-choices';
import { useDayLabel } from './use-day-label';

type Dialog = { mode: 'new' } | { mode: 'edit'; alert: AnalysisAlert };

/** KPI alerts: what each watches, where, and when it last went; (with analysis.manage) new, edit, delete. */
export function AlertsTab({ manage }: { manage: boolean }) {
  const { t } = useTranslation('analysis');
  const alerts = useAnalysisAlertsQuery();
  const remove = useAlertRemoveMutation();
  const choices = useCompanyChoices();
  const dayLabel = useDayLabel();
  const [dialog, setDialog] = useState<Dialog>();

  async function removeAlert(a: AnalysisAlert) {
    try {
      await remove.mutateAsync(a.id);
      notify({ level: 'success', text: t('config.alerts.removed', { name: a.name }) });
    } catch {
      // the API client has told the user
    }
  }

  const buildings = (ids: string[]) => {
    if (ids.length === 0)
      return <Typography.Text type="secondary">{t('config.delivery.allBuildings')}</Typography.Text>;
    const names = ids.map((id) => choices.nameOf(id) ?? t('config.scope.gone')).join(', ');
    return (
      <Typography.Text ellipsis={{ tooltip: names }} style={{ maxWidth: 220 }}>
        {names}
      </Typography.Text>
    );
  };

  return (
    <Flex vertical gap={12} data-testid="alerts">
      <TabIntro
        text={t('config.alerts.hint')}
        newLabel={t('config.alerts.new')}
        manage={manage}
        onNew={() => setDialog({ mode: 'new' })}
      />
      <Table<AnalysisAlert>
        rowKey="id"
        size="middle"
        data-testid="alerts-table"
        loading={alerts.isPending}
        dataSource={alerts.data ?? []}
        pagination={false}
        scroll={{ x: 860 }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(manage ? 'config.alerts.empty' : 'config.alerts.emptyReadOnly')}
              style={{ paddingBlock: 24 }}
            />
          ),
        }}
        columns={[
          { key: 'name', title: t('config.alerts.name'), dataIndex: 'name' },
          { key: 'kpi', title: t('config.alerts.kpi'), render: (_, a) => t(`kpis.${a.kpi}.name`) },
          {
            key: 'days',
            title: t('config.alerts.days'),
            align: 'right',
            render: (_, a) => t('config.alerts.daysCount', { count: a.days }),
          },
          {
            key: 'buildings',
            title: t('config.delivery.buildings'),
            render: (_, a) => buildings(a.buildingIds),
          },
          {
            key: 'recipients',
            title: t('config.delivery.recipients'),
            align: 'right',
            render: (_, a) => (
              <Tooltip title={a.recipients.join(', ')}>
                <span>{a.recipients.length}</span>
              </Tooltip>
            ),
          },
          {
            key: 'enabled',
            title: t('config.delivery.enabled'),
            render: (_, a) =>
              a.enabled ? (
                <Tag color="green">{t('config.delivery.on')}</Tag>
              ) : (
                <Tag>{t('config.delivery.off')}</Tag>
              ),
          },
          {
            key: 'lastFired',
            title: t('config.alerts.lastFired'),
            render: (_, a) =>
              a.lastFiredOn ? (
                <span style={{ whiteSpace: 'nowrap' }}>{dayLabel(a.lastFiredOn)}</span>
              ) : (
                <Typography.Text type="secondary">{t('config.alerts.neverFired')}</Typography.Text>
              ),
          },
          ...(manage
            ? [
                {
                  key: 'actions',
                  title: t('config.actions.title'),
                  render: (_: unknown, a: AnalysisAlert) => (
                    <RowActions
                      label={a.name}
                      removeTitle={t('config.alerts.removeTitle', { name: a.name })}
                      removeText={t('config.alerts.removeText')}
                      removing={remove.isPending && remove.variables === a.id}
                      onEdit={() => setDialog({ mode: 'edit', alert: a })}
                      onRemove={() => removeAlert(a)}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {dialog && (
        <AlertFormModal
          alert={dialog.mode === 'edit' ? dialog.alert : undefined}
          onClose={() => setDialog(undefined)}
        />
      )}
    </Flex>
  );
}
