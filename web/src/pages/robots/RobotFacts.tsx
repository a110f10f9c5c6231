import type { Floor, LiveRobot } from '@fleet/contract';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../../components/DateTimeText';
import { useUnits } from '../../units/use-units';
import { BatteryText } from './BatteryText';
import { RobotStatusTag } from './RobotStatusTag';
import { currentTask } from './robot-task.utils';

/** The robot's live condition, in the user's units. */
export function RobotFacts({
  robot,
  buildingName,
  floor,
}: {
  robot: LiveRobot;
  buildingName?: string;
  floor?: Floor;
}) {
  const { t } = useTranslation('robots');
  const units = useUnits();
  const p = robot.position;
  const v = robot.velocity;
  const task = currentTask(robot);
  return (
    <Descriptions size="small" column={2} bordered data-testid="robot-facts">
      <Descriptions.Item label={t('columns.status')} span={2}>
        <RobotStatusTag robot={robot} />
      </Descriptions.Item>
      <Descriptions.Item label={t('columns.battery')}>
        <BatteryText level={robot.battery} charging={robot.charging} />
      </Descriptions.Item>
      <Descriptions.Item label={t('facts.speed')}>
        {v ? units.speed(Math.hypot(v.vx, v.vy), 1) : '–'}
      </Descriptions.Item>
      <Descriptions.Item label={t('columns.place')} span={2}>
        {[buildingName, floor?.name].filter(Boolean).join(' · ') || t('place.none')}
      </Descriptions.Item>
      <Descriptions.Item
        label={t('facts.position')}
        span={2}
        contentStyle={{ fontVariantNumeric: 'tabular-nums' }}
      >
        <span data-testid="robot-position">
          {p
            ? t('facts.positionValue', {
                x: units.length(p.x, 2),
                y: units.length(p.y, 2),
                heading: Math.round((p.theta * 180) / Math.PI),
              })
            : '–'}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('columns.task')} span={2}>
        {task.key === 'none' ? '–' : t(`task.${task.key}`, { order: task.orderId ?? '' })}
      </Descriptions.Item>
      <Descriptions.Item label={t('facts.mode')}>{robot.operatingMode ?? '–'}</Descriptions.Item>
      <Descriptions.Item label={t('facts.connection')}>
        {robot.connection ? t(`facts.connectionStates.${robot.connection}`) : '–'}
      </Descriptions.Item>
      <Descriptions.Item label={t('columns.serial')}>{robot.serialNumber}</Descriptions.Item>
      <Descriptions.Item label={t('facts.manufacturer')}>{robot.manufacturer}</Descriptions.Item>
      <Descriptions.Item label={t('columns.model')}>{robot.model}</Descriptions.Item>
      <Descriptions.Item label={t('columns.lastSeen')}>
        {robot.lastSeenAt ? <DateTimeText iso={robot.lastSeenAt} /> : t('lastSeen.never')}
      </Descriptions.Item>
    </Descriptions>
  );
}
