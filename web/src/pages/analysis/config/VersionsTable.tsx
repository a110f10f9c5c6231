import type { SettingVersion } from '@fleet/contract';
import { Empty, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../../../components/DateTimeText';
import { RowActions } from './RowActions';
import type { SettingScope } from './versions.utils';

interface Props {
  versions: SettingVersion[];
  loading: boolean;
  /** Ids of the versions each scope uses today. */
  inEffect: Set<string>;
  manage: boolean;
  removingId: string | undefined;
  scopeLabel: (scope: SettingScope) => string;
  dayLabel: (day: string) => string;
  summary: (version: SettingVersion) => string;
  removeText: (version: SettingVersion) => string;
  emptyText: string;
  onEdit: (version: SettingVersion) => void;
  onRemove: (version: SettingVersion) => void;
}

/** The versions of one kind of setting, each scope's newest first, with the one in force today marked. */
export function VersionsTable(props: Props) {
  const { t } = useTranslation('analysis');
  const { scopeLabel, dayLabel } = props;
  return (
    <Table<SettingVersion>
      rowKey="id"
      size="middle"
      data-testid="setting-versions"
      loading={props.loading}
      dataSource={props.versions}
      pagination={false}
      tableLayout="fixed"
      // The summary takes what the other columns leave; below this the table scrolls rather than squeezes.
      scroll={{ x: 880 }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={props.emptyText}
            style={{ paddingBlock: 24 }}
          />
        ),
      }}
      columns={[
        {
          key: 'scope',
          title: t('config.versions.scope'),
          width: 220,
          ellipsis: { showTitle: false },
          render: (_, v) => (
            <Typography.Text ellipsis={{ tooltip: scopeLabel(v.scope) }}>
              {scopeLabel(v.scope)}
            </Typography.Text>
          ),
        },
        {
          key: 'from',
          title: t('config.versions.effectiveFrom'),
          width: 210,
          render: (_, v) => (
            <Flex gap={6} align="center" style={{ whiteSpace: 'nowrap' }}>
              {dayLabel(v.effectiveFrom)}
              {props.inEffect.has(v.id) && <Tag color="green">{t('config.versions.inEffect')}</Tag>}
            </Flex>
          ),
        },
        {
          key: 'value',
          title: t('config.versions.value'),
          render: (_, v) => {
            const text = props.summary(v);
            return (
              <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} style={{ marginBottom: 0 }}>
                {text}
              </Typography.Paragraph>
            );
          },
        },
        {
          key: 'changed',
          title: t('config.versions.changedAt'),
          width: 140,
          render: (_, v) => <DateTimeText iso={v.changedAt} />,
        },
        ...(props.manage
          ? [
              {
                key: 'actions',
                title: t('config.actions.title'),
                width: 180,
                render: (_: unknown, v: SettingVersion) => (
                  <RowActions
                    label={`${scopeLabel(v.scope)} ${dayLabel(v.effectiveFrom)}`}
                    removeTitle={t('config.versions.removeTitle', {
                      scope: scopeLabel(v.scope),
                      date: dayLabel(v.effectiveFrom),
                    })}
                    removeText={props.removeText(v)}
                    removing={props.removingId === v.id}
                    onEdit={() => props.onEdit(v)}
                    onRemove={() => props.onRemove(v)}
                  />
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
