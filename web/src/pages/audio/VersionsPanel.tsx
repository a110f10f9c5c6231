import { RollbackOutlined } from '@ant-design/icons';
import type { AudioGroup, GroupVersion } from '@fleet/contract';
import { Button, Empty, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { DateTimeText, useLanguage } from '../../components/DateTimeText';
import { dateText } from '../../components/date-text.utils';
import { Guarded } from '../../components/Guarded';
import { previousVersion } from './deployment.utils';

interface Props {
  group: AudioGroup;
  manage: CanAnswer;
  busy: boolean;
  onRollback: (to: number) => void;
}

/** Every published version, newest first: when, by whom, and which one came back by a rollback. */
export function VersionsPanel({ group, manage, busy, onRollback }: Props) {
  const { t } = useTranslation('audio');
  const lng = useLanguage();
  const previous = previousVersion(group);

  const columns: TableColumnsType<GroupVersion> = [
    {
      title: t('versions.columns.version'),
      key: 'version',
      render: (_, v) => (
        <Flex gap={6} align="center" style={{ whiteSpace: 'nowrap' }}>
          <strong>{t('versions.v', { version: v.version })}</strong>
          {v.version === group.activeVersion && (
            <Tag color="green" style={{ marginInlineEnd: 0 }}>
              {t('versions.active')}
            </Tag>
          )}
        </Flex>
      ),
    },
    {
      title: t('versions.columns.published'),
      key: 'published',
      render: (_, v) => (
        <Flex vertical>
          <span>{dateText(v.publishedAt, lng).exact}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <DateTimeText iso={v.publishedAt} />
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('versions.columns.by'),
      key: 'by',
      render: (_, v) =>
        v.publishedByName ?? <Typography.Text type="secondary">{t('versions.someone')}</Typography.Text>,
    },
    {
      title: t('versions.columns.note'),
      key: 'note',
      render: (_, v) =>
        v.restoredFrom !== null ? (
          <Tag color="purple" style={{ marginInlineEnd: 0 }}>
            {t('versions.restoredFrom', { version: v.restoredFrom })}
          </Tag>
        ) : (
          <Typography.Text type="secondary">{t('versions.fromDraft')}</Typography.Text>
        ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text type="secondary">{t('versions.intro')}</Typography.Text>
        {!manage.pending && (
          <Guarded answer={manage}>
            <Button
              icon={<RollbackOutlined aria-hidden />}
              disabled={!manage.allowed || previous === undefined || busy}
              title={previous === undefined ? t('rollback.none') : undefined}
              onClick={() => previous !== undefined && onRollback(previous)}
              data-testid="audio-rollback"
            >
              {previous === undefined ? t('rollback.action') : t('rollback.to', { version: previous })}
            </Button>
          </Guarded>
        )}
      </Flex>
      <Table<GroupVersion>
        rowKey="version"
        size="small"
        data-testid="audio-versions-table"
        columns={columns}
        dataSource={group.versions}
        pagination={group.versions.length > 20 ? { pageSize: 20 } : false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                <Flex vertical gap={4} align="center">
                  <strong>{t('versions.empty.title')}</strong>
                  <span>{t('versions.empty.description')}</span>
                </Flex>
              }
            />
          ),
        }}
      />
    </Flex>
  );
}
