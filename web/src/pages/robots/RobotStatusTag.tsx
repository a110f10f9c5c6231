import type { LiveRobot } from '@fleet/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { STALE_TAG_STYLE, STATUS_TAG_STYLES } from '../../components/floor-map/robot-colours';
import { PlainTag } from '../../plain/PlainTag';

/** The robot's status in its map colour, with a "no signal" mark when it has gone quiet. */
export function RobotStatusTag({ robot }: { robot: Pick<LiveRobot, 'status' | 'stale'> }) {
  const { t } = useTranslation('live');
  return <RobotStatusTagText robot={robot} t={t} />;
}

/**
 * The same with the `live` namespace's `t` given: the robot table draws a row at every scroll step and calls
 * useTranslation once for all of them.
 */
export function RobotStatusTagText({
  robot,
  t,
}: {
  robot: Pick<LiveRobot, 'status' | 'stale'>;
  t: TFunction<'live'>;
}) {
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      <PlainTag data-status={robot.status} style={STATUS_TAG_STYLES[robot.status]}>
        {t(`status.${robot.status}`)}
      </PlainTag>
      {robot.stale && robot.status !== 'offline' && (
        <PlainTag style={{ ...STALE_TAG_STYLE, borderStyle: 'dashed' }}>{t('status.stale')}</PlainTag>
      )}
    </span>
  );
}
