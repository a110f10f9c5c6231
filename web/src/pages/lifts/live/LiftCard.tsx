import { ArrowDownOutlined, ArrowUpOutlined, PauseOutlined } from '@ant-design/icons';
import type { LiftLiveView } from '@fleet/contract';
import { Button, Card, Flex, Tag, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../../access/use-can';
import { LiftActions } from './LiftActions';
import { clock, elapsedSeconds, modeTone, secondsSince } from './lift-card.utils';

interface Props {
  lift: LiftLiveView;
  now: number;
  robotName: (id: string) => string;
  operate: CanAnswer;
  onLog: () => void;
}

const TONE_COLOR = { alarm: 'red', robots: 'blue', normal: 'default', unknown: 'default' } as const;

/** One lift as it is now: floor, direction, doors, mode, who holds it and who waits, and what may be done. */
export function LiftCard({ lift, now, robotName, operate, onLog }: Props) {
  const { t } = useTranslation('lifts');
  const { token } = theme.useToken();
  const r = lift.report;
  const age = secondsSince(lift.reportedAt, now);
  const tone = modeTone(r?.currentMode);
  const Motion =
    r?.motion === 'up' ? ArrowUpOutlined : r?.motion === 'down' ? ArrowDownOutlined : PauseOutlined;
  return (
    <Card
      size="small"
      data-testid={`lift-card-${lift.name}`}
      style={{ width: 300, borderColor: tone === 'alarm' ? token.colorError : undefined }}
      title={
        <Flex justify="space-between" align="center" gap={8}>
          <span>{lift.name}</span>
          {r && (
            <Tag color={TONE_COLOR[tone]} data-testid="lift-mode">
              {t(`live.mode.${r.currentMode}`)}
            </Tag>
          )}
        </Flex>
      }
      extra={<LiftActions lift={lift} operate={operate} />}
      styles={{ extra: { marginInlineStart: 8 } }}
      actions={[
        <Button key="log" type="link" size="small" onClick={onLog} data-testid="lift-log-open">
          {t('live.log.open')}
        </Button>,
      ]}
    >
      {r ? (
        <Flex align="center" gap={16}>
          <Typography.Text style={{ fontSize: 36, fontWeight: 600, lineHeight: 1 }} data-testid="lift-floor">
            {r.currentFloor}
          </Typography.Text>
          <Flex vertical gap={2}>
            <span>
              <Motion aria-hidden /> {t(`live.motion.${r.motion}`)}
              {r.destinationFloor !== null && ` → ${r.destinationFloor}`}
            </span>
            <span data-testid="lift-doors">{t(`live.doors.${r.doorState}`)}</span>
          </Flex>
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('live.noReport')}</Typography.Text>
      )}
      <Flex wrap gap={4} style={{ marginTop: 8 }}>
        {lift.gatewayOnline === false && <Tag color="red">{t('live.gatewayOffline')}</Tag>}
        {lift.stale && <Tag color="orange">{t('live.stale')}</Tag>}
        {lift.outOfService && <Tag color="orange">{t('live.outOfService')}</Tag>}
        {!lift.enabledForRobots && <Tag>{t('live.notEnabled')}</Tag>}
        {age !== null && (
          <Tooltip title={t('live.reportedAtHint')}>
            <Typography.Text type={lift.stale ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
              {t('live.reportedAgo', { seconds: age })}
            </Typography.Text>
          </Tooltip>
        )}
      </Flex>
      <div style={{ marginTop: 8 }} data-testid="lift-holder">
        {lift.holder ? (
          <Typography.Text>
            {lift.holder.purpose === 'ride'
              ? t('live.heldByRobot', { robot: lift.holder.robotIds.map(robotName).join(', ') })
              : t(`live.heldBy.${lift.holder.purpose}`)}{' '}
            <Typography.Text type="secondary">
              {clock(elapsedSeconds(lift.holder.since, now))}
            </Typography.Text>
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('live.free')}</Typography.Text>
        )}
      </div>
      {lift.waiting.length > 0 && (
        <ul style={{ margin: '6px 0 0', paddingLeft: 18 }} data-testid="lift-waiting">
          {lift.waiting.map((w) => (
            <li key={w.robotId}>
              {t('live.waiting', { robot: robotName(w.robotId), wait: clock(elapsedSeconds(w.since, now)) })}
              {lift.blocked && lift.blocked !== 'notEnabled' && (
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {t(`live.block.${lift.blocked}`)}
                </Typography.Text>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
