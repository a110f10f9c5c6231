import { EditOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Progress, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CanAnswer } from '../../access/use-can';
import { type AudioBuildingRules, useAudioBuildingRulesQuery } from '../../api/audio/building-rules-query';
import { Guarded } from '../../components/Guarded';
import { clockNow, quietNow, windowText } from './schedule.utils';

const BuildingRulesModal = lazy(() => import('./BuildingRulesModal'));

/** Each building's quiet hours and volume cap: what every group's robots there obey. */
export function BuildingRulesTab({ manage }: { manage: CanAnswer }) {
  const { t } = useTranslation('audio');
  const navigate = useNavigate();
  const rules = useAudioBuildingRulesQuery();
  const [editing, setEditing] = useState<AudioBuildingRules>();
  const now = new Date();

  // A handful of rows, drawn again whenever the rules are asked again: the local clocks stay current enough.
  const columns: TableColumnsType<AudioBuildingRules> = [
    {
      title: t('rules.columns.building'),
      dataIndex: 'buildingName',
      render: (name: string) => <strong>{name}</strong>,
    },
    {
      title: t('rules.columns.timeZone'),
      key: 'zone',
      render: (_, r) => (
        <Flex vertical>
          <span>{r.timeZone}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('rules.localNow', { time: clockNow(r.timeZone, now) })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('rules.columns.quietHours'),
      key: 'quiet',
      render: (_, r) => (
        <Flex gap={4} wrap style={{ maxWidth: 260 }}>
          {r.quietHours.length ? (
            r.quietHours.map((w) => (
              <Tag key={`${w.from}-${w.to}`} style={{ marginInlineEnd: 0 }}>
                {windowText(w)}
              </Tag>
            ))
          ) : (
            <Typography.Text type="secondary">{t('rules.noQuiet')}</Typography.Text>
          )}
          {quietNow(r, now) && (
            <Tag color="purple" style={{ marginInlineEnd: 0 }}>
              {t('rules.quietNow')}
            </Tag>
          )}
        </Flex>
      ),
    },
    {
      title: t('rules.columns.volumeCap'),
      key: 'cap',
      render: (_, r) => (
        <Flex align="center" gap={8} style={{ width: 160 }}>
          <Progress percent={r.volumeCap} size="small" showInfo={false} style={{ flex: 1, margin: 0 }} />
          <span style={{ whiteSpace: 'nowrap' }}>{r.volumeCap}%</span>
        </Flex>
      ),
    },
    {
      title: t('rules.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Guarded answer={manage}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined aria-hidden />}
            disabled={!manage.allowed}
            aria-label={t('rules.editOf', { name: r.buildingName })}
            data-testid="audio-rules-edit"
            onClick={() => setEditing(r)}
          >
            {t('rules.edit')}
          </Button>
        </Guarded>
      ),
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 760 }}>
        {t('rules.intro')}
      </Typography.Paragraph>
      <Table<AudioBuildingRules>
        rowKey="buildingId"
        data-testid="audio-rules-table"
        columns={columns}
        dataSource={rules.data}
        loading={rules.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty
              style={{ paddingBlock: 24 }}
              description={
                <Flex vertical gap={4} align="center">
                  <strong>{t('rules.empty.title')}</strong>
                  <span style={{ maxWidth: 520 }}>{t('rules.empty.description')}</span>
                </Flex>
              }
            >
              <Button type="primary" onClick={() => navigate('/buildings')}>
                {t('rules.empty.action')}
              </Button>
            </Empty>
          ),
        }}
      />
      <Suspense fallback={null}>
        {editing && <BuildingRulesModal rules={editing} onClose={() => setEditing(undefined)} />}
      </Suspense>
    </>
  );
}
