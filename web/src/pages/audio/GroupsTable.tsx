import type { AudioGroup, PageResult } from '@fleet/contract';
import { Button, Empty, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { DateTimeText } from '../../components/DateTimeText';
import { Guarded } from '../../components/Guarded';
import { pagerOf } from '../../components/use-paged-search';
import { KindTag, LangTag } from './AudioTags';
import { DeploymentProgress } from './DeploymentProgress';
import { type GroupAction, GroupActions } from './GroupActions';
import { type GroupListState, isFiltered } from './group-list.utils';

interface Props {
  page: PageResult<AudioGroup> | undefined;
  loading: boolean;
  state: GroupListState;
  onPage: (page: number, pageSize: number) => void;
  manage: CanAnswer;
  onAction: (action: GroupAction, group: AudioGroup) => void;
  onCreate: () => void;
}

/** Voice packs and playlists: what each holds, what robots have, and whether the draft waits to be published. */
export function GroupsTable({ page, loading, state, onPage, manage, onAction, onCreate }: Props) {
  const { t } = useTranslation('audio');

  const columns = useMemo<TableColumnsType<AudioGroup>>(
    () => [
      {
        title: t('groups.columns.name'),
        key: 'name',
        render: (_, g) => (
          <Button
            type="link"
            style={{ padding: 0, height: 'auto', fontWeight: 600, whiteSpace: 'normal', textAlign: 'start' }}
            data-testid="audio-group-open"
            onClick={() => onAction('open', g)}
          >
            {g.name}
          </Button>
        ),
      },
      { title: t('groups.columns.kind'), key: 'kind', render: (_, g) => <KindTag kind={g.kind} /> },
      {
        title: t('groups.columns.langs'),
        key: 'langs',
        render: (_, g) =>
          g.langs.length ? (
            <Flex gap={4} wrap style={{ maxWidth: 180 }}>
              {g.langs.map((lang) => (
                <LangTag key={lang} lang={lang} />
              ))}
            </Flex>
          ) : (
            <Typography.Text type="secondary">–</Typography.Text>
          ),
      },
      { title: t('groups.columns.clips'), dataIndex: 'clipCount', align: 'right' },
      {
        title: t('groups.columns.version'),
        key: 'version',
        render: (_, g) => (
          <Flex vertical gap={2} align="flex-start">
            {g.activeVersion === null ? (
              <Typography.Text type="secondary">{t('groups.notPublished')}</Typography.Text>
            ) : (
              <span style={{ whiteSpace: 'nowrap' }}>{t('versions.v', { version: g.activeVersion })}</span>
            )}
            {g.draftChanged && g.activeVersion !== null && (
              <Tag color="warning" style={{ marginInlineEnd: 0 }}>
                {t('draft.changed')}
              </Tag>
            )}
          </Flex>
        ),
      },
      {
        title: t('groups.columns.robots'),
        key: 'robots',
        render: (_, g) => <DeploymentProgress counts={g.deployment} published={g.activeVersion !== null} />,
      },
      {
        title: t('groups.columns.updated'),
        key: 'updated',
        render: (_, g) => <DateTimeText iso={g.updatedAt} />,
      },
      {
        title: t('groups.columns.actions'),
        key: 'actions',
        fixed: 'right',
        render: (_, g) => <GroupActions group={g} manage={manage} onAction={onAction} />,
      },
    ],
    [t, manage, onAction],
  );

  const emptyText = isFiltered(state) ? (
    t('groups.noMatch')
  ) : (
    <Empty
      style={{ paddingBlock: 24 }}
      description={
        <Flex vertical gap={4} align="center">
          <strong>{t('groups.empty.title')}</strong>
          <span style={{ maxWidth: 520 }}>{t('groups.empty.description')}</span>
        </Flex>
      }
    >
      {!manage.pending && (
        <Guarded answer={manage}>
          <Button type="primary" disabled={!manage.allowed} onClick={onCreate}>
            {t('groups.create')}
          </Button>
        </Guarded>
      )}
    </Empty>
  );

  return (
    <Table<AudioGroup>
      rowKey="id"
      data-testid="audio-groups-table"
      columns={columns}
      dataSource={page?.list}
      loading={loading && !page}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText }}
      pagination={pagerOf(state, page?.totalCnt, (total) => t('groups.total', { total }))}
      onChange={(p) => onPage(p.current ?? 1, p.pageSize ?? state.pageSize)}
    />
  );
}
