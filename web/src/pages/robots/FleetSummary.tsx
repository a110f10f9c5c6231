import type { RobotStatus } from '@fleet/contract';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOURS } from '../../components/floor-map/robot-colours';
import { ROBOT_STATUSES } from '../../contract-values';
import type { LiveStatus } from '../../live/live-socket';
import { PlainCheckableTag } from '../../plain/PlainTag';
import { type DotStatus, StatusDot } from '../../plain/StatusDot';

const LINK_BADGE: Record<LiveStatus, DotStatus> = {
  live: 'success',
  connecting: 'processing',
  reconnecting: 'warning',
  unauthorized: 'error',
};

/** How many robots are in each status (click to filter), and whether the live feed is up. */
export function FleetSummary({
  counts,
  total,
  link,
  selected,
  onToggle,
}: {
  counts: Record<RobotStatus, number>;
  total: number;
  link: LiveStatus;
  selected: readonly RobotStatus[];
  onToggle: (status: RobotStatus) => void;
}) {
  const { t } = useTranslation(['robots', 'live']);
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'space-between',
        alignItems: 'center',
        gap: 8,
        marginBottom: 12,
      }}
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }} data-testid="fleet-summary">
        <span style={{ marginInlineEnd: 4 }}>{t('summary.total', { count: total })}</span>
        {ROBOT_STATUSES.map((s) => (
          <PlainCheckableTag
            key={s}
            checked={selected.includes(s)}
            onChange={() => onToggle(s)}
            data-testid={`fleet-count-${s}`}
          >
            <StatusDot color={STATUS_COLOURS[s]} text={`${t(`live:status.${s}`)} ${counts[s]}`} />
          </PlainCheckableTag>
        ))}
      </div>
      <StatusDot
        status={LINK_BADGE[link]}
        text={t(`live.${link}`)}
        data-testid="live-status"
        data-live={link}
      />
    </div>
  );
}
