import type { LiveRobot } from '@fleet/contract';
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_TAG_COLOURS } from '../../components/floor-map/robot-colours';

/** The robot's status in its map colour, with a "no signal" mark when it has gone quiet. */
export function RobotStatusTag({ robot }: { robot: Pick<LiveRobot, 'status' | 'stale'> }) {
  const { t } = useTranslation('map');
  return (
    <Flex gap={4} wrap>
      <Tag color={STATUS_TAG_COLOURS[robot.status]} data-status={robot.status} style={{ marginInlineEnd: 0 }}>
        {t(`status.${robot.status}`)}
      </Tag>
      {robot.stale && robot.status !== 'offline' && (
        <Tag color="warning" style={{ marginInlineEnd: 0 }}>
          {t('status.stale')}
        </Tag>
      )}
    </Flex>
  );
}
