import type { CommandInput, LiveRobot, Station } from '@fleet/contract';
import { Button, Empty, Flex, List, Select, Space, Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { useRobotCommandMutation } from '../../api/robots/robot-command-mutation';
import { useRobotCommandsQuery } from '../../api/robots/robot-commands-query';
import { DateTimeText } from '../../components/DateTimeText';
import { STATUS_TAG_STYLES, type TagStyle } from '../../components/floor-map/robot-colours';
import { FINAL, type Progress, progressOf } from './command-progress.utils';

/** Progress in the status tags' readable hues: finished as working, failed as error, no answer as paused. */
const PROGRESS_STYLES: Record<Progress, TagStyle> = {
  waiting: STATUS_TAG_STYLES.offline,
  running: STATUS_TAG_STYLES.charging,
  finished: STATUS_TAG_STYLES.working,
  failed: STATUS_TAG_STYLES.error,
  timedOut: STATUS_TAG_STYLES.paused,
};

interface Props {
  robot: LiveRobot;
  stations: readonly Station[];
  operate: CanAnswer;
}

/** The buttons that make the robot do something, and what became of the last commands. */
export function RobotCommands({ robot, stations, operate }: Props) {
  const { t } = useTranslation('robots');
  const send = useRobotCommandMutation(robot.id);
  const commands = useRobotCommandsQuery(robot.id);
  const [stationId, setStationId] = useState<string>();
  const online = robot.status !== 'offline';

  // The robot's own report of an action arriving is the moment to fetch the server's record of it.
  const actionKey = robot.actionStates.map((a) => `${a.actionId}:${a.actionStatus}`).join();
  const { refetch } = commands;
  useEffect(() => {
    if (actionKey) void refetch();
  }, [actionKey, refetch]);

  const button = (label: string, body: CommandInput, testId: string, enabled = true) => (
    <Tooltip title={operate.allowed ? (online ? undefined : t('commands.offline')) : operate.reason}>
      <Button
        data-testid={testId}
        disabled={!operate.allowed || !online || !enabled}
        loading={send.isPending && send.variables?.type === body.type}
        onClick={() => send.mutate(body)}
      >
        {label}
      </Button>
    </Tooltip>
  );

  return (
    <Flex vertical gap={12}>
      <Space wrap>
        {robot.paused
          ? button(t('commands.resume'), { type: 'resume' }, 'command-resume')
          : button(t('commands.pause'), { type: 'pause' }, 'command-pause')}
        {button(t('commands.cancel'), { type: 'cancel' }, 'command-cancel', robot.orderId !== null)}
        {robot.charging
          ? button(t('commands.stopCharging'), { type: 'stopCharging' }, 'command-stop-charging')
          : button(t('commands.charge'), { type: 'charge' }, 'command-charge')}
        {button(t('commands.requestState'), { type: 'requestState' }, 'command-request-state')}
      </Space>
      <Space.Compact style={{ width: '100%' }}>
        <Select
          data-testid="command-station"
          aria-label={t('commands.station')}
          placeholder={stations.length ? t('commands.station') : t('commands.noStations')}
          disabled={!operate.allowed || stations.length === 0}
          value={stationId}
          onChange={setStationId}
          options={stations.map((s) => ({ value: s.id, label: s.name }))}
          style={{ flex: 1 }}
        />
        {button(
          t('commands.goTo'),
          { type: 'goTo', stationId: stationId ?? '' },
          'command-go-to',
          stationId !== undefined,
        )}
      </Space.Compact>
      <List
        size="small"
        data-testid="command-list"
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('commands.none')} />,
        }}
        loading={commands.isLoading}
        dataSource={(commands.data ?? []).slice(0, 8)}
        renderItem={(c) => {
          const progress = progressOf(c, robot);
          return (
            <List.Item data-command-type={c.type} data-progress={progress}>
              <Flex justify="space-between" align="center" style={{ width: '100%' }} gap={8}>
                <span>
                  {t(`commands.types.${c.type}`)}
                  {c.issuedBy ? <span style={{ opacity: 0.65 }}> · {c.issuedBy.name}</span> : null}
                </span>
                <Flex gap={8} align="center">
                  <DateTimeText iso={c.createdAt} />
                  <Tag style={{ ...PROGRESS_STYLES[progress], marginInlineEnd: 0 }}>
                    {t(`commands.progress.${progress}`)}
                  </Tag>
                </Flex>
              </Flex>
              {FINAL.has(progress) && c.detail && progress !== 'finished' ? (
                <div style={{ opacity: 0.75, fontSize: 12 }}>{c.detail}</div>
              ) : null}
            </List.Item>
          );
        }}
      />
    </Flex>
  );
}
