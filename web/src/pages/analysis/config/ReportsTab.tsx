import { SendOutlined } from '@ant-design/icons';
import type { AnalysisReport } from '@fleet/contract';
import { Button, Empty, Flex, Popconfirm, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportRemoveMutation, useReportSendMutation } from '../../../api/analysis/report-mutations';
import { useAnalysisReportsQuery } from '../../../api/analysis/reports-query';
import { DateTimeText } from '../../../components/DateTimeText';
import { notify } from '../../../feedback/notifier';
import { ReportFormModal } from './ReportFormModal';
import { RowActions } from './RowActions';
import { TabIntro } from './TabIntro';

type Dialog = { mode: 'new' } | { mode: 'edit'; report: AnalysisReport };

/** The report subscriptions: when each goes next and last went, and (with analysis.manage) send, edit, delete. */
export function ReportsTab({ manage }: { manage: boolean }) {
  const { t } = useTranslation('analysis');
  const reports = useAnalysisReportsQuery();
  const remove = useReportRemoveMutation();
  const send = useReportSendMutation();
  const [dialog, setDialog] = useState<Dialog>();

  async function sendNow(r: AnalysisReport) {
    try {
      const { sentTo } = await send.mutateAsync(r.id);
      notify({ level: 'success', text: t('config.reports.sent', { name: r.name, to: sentTo.join(', ') }) });
    } catch {
      // the API client has told the user
    }
  }

  async function removeReport(r: AnalysisReport) {
    try {
      await remove.mutateAsync(r.id);
      notify({ level: 'success', text: t('config.reports.removed', { name: r.name }) });
    } catch {
      // the API client has told the user
    }
  }

  const never = <Typography.Text type="secondary">{t('config.reports.never')}</Typography.Text>;

  return (
    <Flex vertical gap={12} data-testid="reports">
      <TabIntro
        text={t('config.reports.intro')}
        newLabel={t('config.reports.new')}
        manage={manage}
        onNew={() => setDialog({ mode: 'new' })}
      />
      <Table<AnalysisReport>
        rowKey="id"
        size="middle"
        data-testid="reports-table"
        loading={reports.isPending}
        dataSource={reports.data ?? []}
        pagination={false}
        // Long names and frequencies wrap; below this width the table scrolls.
        scroll={{ x: 860 }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(manage ? 'config.reports.empty' : 'config.reports.emptyReadOnly')}
              style={{ paddingBlock: 24 }}
            />
          ),
        }}
        columns={[
          { key: 'name', title: t('config.reports.name'), dataIndex: 'name' },
          {
            key: 'frequency',
            title: t('config.reports.frequency'),
            render: (_, r) => t(`config.reports.frequencies.${r.frequency}`),
          },
          {
            key: 'sendAt',
            title: t('config.reports.sendAt'),
            render: (_, r) => (
              <span style={{ whiteSpace: 'nowrap' }}>
                {r.sendAt} <Typography.Text type="secondary">{r.timeZone}</Typography.Text>
              </span>
            ),
          },
          {
            key: 'recipients',
            title: t('config.delivery.recipients'),
            align: 'right',
            render: (_, r) => (
              <Tooltip title={r.recipients.join(', ')}>
                <span>{r.recipients.length}</span>
              </Tooltip>
            ),
          },
          {
            key: 'format',
            title: t('config.reports.format'),
            render: (_, r) => t(`config.reports.formats.${r.format}`),
          },
          {
            key: 'enabled',
            title: t('config.delivery.enabled'),
            render: (_, r) =>
              r.enabled ? (
                <Tag color="green">{t('config.delivery.on')}</Tag>
              ) : (
                <Tag>{t('config.delivery.off')}</Tag>
              ),
          },
          {
            key: 'next',
            title: t('config.reports.next'),
            render: (_, r) => (r.enabled ? <DateTimeText iso={r.nextRunAt} /> : never),
          },
          {
            key: 'last',
            title: t('config.reports.last'),
            render: (_, r) => (r.lastSentAt ? <DateTimeText iso={r.lastSentAt} /> : never),
          },
          ...(manage
            ? [
                {
                  key: 'actions',
                  title: t('config.actions.title'),
                  render: (_: unknown, r: AnalysisReport) => (
                    <RowActions
                      label={r.name}
                      removeTitle={t('config.reports.removeTitle', { name: r.name })}
                      removeText={t('config.reports.removeText')}
                      removing={remove.isPending && remove.variables === r.id}
                      compact
                      onEdit={() => setDialog({ mode: 'edit', report: r })}
                      onRemove={() => removeReport(r)}
                    >
                      <Popconfirm
                        title={t('config.reports.sendTitle', { name: r.name })}
                        description={t('config.reports.sendText', { count: r.recipients.length })}
                        okText={t('config.reports.send')}
                        cancelText={t('config.actions.cancel')}
                        onConfirm={() => sendNow(r)}
                      >
                        <Tooltip title={t('config.reports.send')}>
                          <Button
                            type="link"
                            size="small"
                            icon={<SendOutlined aria-hidden />}
                            loading={send.isPending && send.variables === r.id}
                            aria-label={t('config.reports.sendOf', { name: r.name })}
                          />
                        </Tooltip>
                      </Popconfirm>
                    </RowActions>
                  ),
                },
              ]
            : []),
        ]}
      />
      {dialog && (
        <ReportFormModal
          report={dialog.mode === 'edit' ? dialog.report : undefined}
          onClose={() => setDialog(undefined)}
        />
      )}
    </Flex>
  );
}
