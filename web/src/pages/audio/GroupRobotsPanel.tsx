import { RedoOutlined, SearchOutlined } from '@ant-design/icons';
import {
  AUDIO_DEPLOY_STATES,
  type AudioDeployState,
  type AudioGroup,
  type GroupRobot,
} from '@fleet/contract';
import {
  Badge,
  Button,
  Empty,
  Flex,
  Input,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { useGroupRetryMutation } from '../../api/audio/group-mutations';
import { useAudioGroupRobotsQuery } from '../../api/audio/group-robots-query';
import { reportAudioError } from '../../api/audio/report-audio-error';
import { DateTimeText } from '../../components/DateTimeText';
import { Guarded } from '../../components/Guarded';
import { type PagedSearchState, pagerOf, usePagedSearch } from '../../components/use-paged-search';
import { notify } from '../../feedback/notifier';
import { StateTag } from './AudioTags';
import { robotsRefreshMs } from './deployment.utils';
import type { PlayTarget } from './PlayNowModal';
import { RobotRowActions } from './RobotRowActions';

interface State extends PagedSearchState {
  state: AudioDeployState | undefined;
}

const FIRST: State = { page: 1, pageSize: 20, keyword: '', state: undefined };

interface Props {
  group: AudioGroup;
  manage: CanAnswer;
  operate: CanAnswer;
  onPlay: (robot: PlayTarget) => void;
  onPublish: () => void;
}

/** Where each target robot is with the group's active version, followed every 2 s while any is on its way. */
export function GroupRobotsPanel({ group, manage, operate, onPlay, onPublish }: Props) {
  const { t } = useTranslation('audio');
  const search = usePagedSearch(FIRST);
  const { state: s } = search;
  const body = useMemo(
    () => ({
      pageIndex: s.page,
      pageLength: s.pageSize,
      requestData: {
        groupId: group.id,
        ...(s.state ? { state: s.state } : {}),
        ...(s.keyword ? { robot: s.keyword } : {}),
      },
    }),
    [group.id, s],
  );
  const robots = useAudioGroupRobotsQuery(body, (page) => robotsRefreshMs(group.deployment, page?.list));
  const refreshMs = robotsRefreshMs(group.deployment, robots.data?.list);
  const retry = useGroupRetryMutation();
  const retryable = group.deployment.failed + group.deployment.queued;

  async function retryGroup(robot?: GroupRobot) {
    try {
      const { sent } = await retry.mutateAsync({
        id: group.id,
        ...(robot ? { robotId: robot.robotId } : {}),
      });
      notify({
        level: sent ? 'success' : 'info',
        text: robot ? t('robots.retriedOne', { robot: robot.robotName }) : t('robots.retried', { n: sent }),
      });
    } catch (error) {
      reportAudioError(error);
    }
  }

  const columns: TableColumnsType<GroupRobot> = [
    {
      title: t('robots.columns.robot'),
      key: 'robot',
      render: (_, r) => (
        <Flex vertical>
          <strong>{r.robotName}</strong>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.serialNumber}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('robots.columns.building'),
      key: 'building',
      render: (_, r) => r.buildingName ?? <Typography.Text type="secondary">–</Typography.Text>,
    },
    {
      title: t('robots.columns.online'),
      key: 'online',
      render: (_, r) => (
        <Badge
          status={r.online ? 'success' : 'default'}
          text={
            <span style={{ whiteSpace: 'nowrap' }}>
              {r.online ? t('robots.online') : t('robots.offline')}
            </span>
          }
        />
      ),
    },
    {
      title: t('robots.columns.version'),
      key: 'version',
      render: (_, r) => (
        <Flex gap={4} align="center" style={{ whiteSpace: 'nowrap' }}>
          {t('versions.v', { version: r.version })}
          {group.activeVersion !== null && r.version < group.activeVersion && (
            <Tag color="orange" style={{ marginInlineEnd: 0 }}>
              {t('robots.older')}
            </Tag>
          )}
        </Flex>
      ),
    },
    { title: t('robots.columns.state'), key: 'state', render: (_, r) => <StateTag state={r.state} /> },
    {
      title: t('robots.columns.reason'),
      key: 'reason',
      render: (_, r) =>
        r.reason ? (
          <Typography.Text style={{ maxWidth: 240 }} ellipsis={{ tooltip: r.reason }}>
            {r.state === 'superseded' ? t('robots.supersededBy', { group: r.reason }) : r.reason}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">–</Typography.Text>
        ),
    },
    {
      title: t('robots.columns.updated'),
      key: 'updated',
      render: (_, r) => <DateTimeText iso={r.updatedAt} />,
    },
    {
      title: t('robots.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <RobotRowActions
          robot={r}
          manage={manage}
          operate={operate}
          onRetry={() => retryGroup(r)}
          onPlay={() => onPlay({ robotId: r.robotId, robotName: r.robotName, buildingName: r.buildingName })}
        />
      ),
    },
  ];

  const filtered = !!(s.keyword || s.state);
  const emptyText = filtered ? (
    t('robots.noMatch')
  ) : (
    <Empty
      style={{ paddingBlock: 24 }}
      description={
        <Flex vertical gap={4} align="center">
          <strong>
            {group.activeVersion === null ? t('robots.empty.unpublished') : t('robots.empty.noRobots')}
          </strong>
          <span style={{ maxWidth: 520 }}>
            {group.activeVersion === null
              ? t('robots.empty.unpublishedHint')
              : t('robots.empty.noRobotsHint')}
          </span>
        </Flex>
      }
    >
      {group.activeVersion === null && !manage.pending && (
        <Guarded answer={manage}>
          <Button type="primary" disabled={!manage.allowed} onClick={onPublish}>
            {t('publish.action')}
          </Button>
        </Guarded>
      )}
    </Empty>
  );

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" gap={12} wrap>
        <Flex gap={12} wrap align="center">
          <Input
            aria-label={t('robots.search')}
            placeholder={t('robots.search')}
            prefix={<SearchOutlined aria-hidden />}
            allowClear
            value={search.typed}
            onChange={(e) => search.setTyped(e.target.value)}
            style={{ width: 240 }}
          />
          <Select<AudioDeployState>
            aria-label={t('robots.filterState')}
            placeholder={t('robots.filterState')}
            allowClear
            style={{ width: 180 }}
            value={s.state}
            onChange={(state?: AudioDeployState) => search.update({ state, page: 1 })}
            options={AUDIO_DEPLOY_STATES.map((state) => ({ value: state, label: t(`states.${state}`) }))}
            data-testid="robots-filter-state"
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('robots.refresh', { n: refreshMs / 1000 })}
          </Typography.Text>
        </Flex>
        {!manage.pending && (
          <Guarded answer={manage}>
            <Button
              icon={<RedoOutlined aria-hidden />}
              disabled={!manage.allowed || retryable === 0 || group.activeVersion === null}
              loading={retry.isPending && !retry.variables?.robotId}
              onClick={() => retryGroup()}
              data-testid="robots-retry"
            >
              {t('robots.retryFailed')}
            </Button>
          </Guarded>
        )}
      </Flex>
      <Table<GroupRobot>
        rowKey="robotId"
        size="small"
        data-testid="audio-robots-table"
        columns={columns}
        dataSource={robots.data?.list}
        loading={robots.isPending}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText }}
        pagination={pagerOf(s, robots.data?.totalCnt, (total) => t('robots.total', { total }))}
        onChange={(p) => search.update({ page: p.current ?? 1, pageSize: p.pageSize ?? s.pageSize })}
      />
    </Flex>
  );
}
