import type { LiveRobot } from '@fleet/contract';
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STALE_TAG_STYLE, STATUS_TAG_STYLES } from '../../components/floor-map/robot-colours';

/** The robot's status in its map colour, with a "no signal" mark when it has gone quiet. */
export function RobotStatusTag({ robot }: { robot: Pick<LiveRobot, 'status' | 'stale'> }) {
  const { t } = useTranslation('map');
  return (
    <Flex gap={4} wrap>
      <Tag data-status={robot.status} style={{ ...STATUS_TAG_STYLES[robot.status], marginInlineEnd: 0 }}>
        {t(`status.${robot.status}`)}
      </Tag>
      {robot.stale && robot.status !== 'offline' && (
        <Tag style={{ ...STALE_TAG_STYLE, borderStyle: 'dashed', marginInlineEnd: 0 }}>
          {t('status.stale')}
        </Tag>
      )}
    </Flex>
  );
}
