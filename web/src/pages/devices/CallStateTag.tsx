import type { CallState } from '@fleet/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<CallState, string> = {
  created: 'gold',
  assigned: 'blue',
  arriving: 'processing',
  arrived: 'green',
  done: 'default',
  cancelled: 'default',
  failed: 'red',
  expired: 'orange',
};

/** Where a call is; while it waits, its place in the queue. */
export function CallStateTag({
  state,
  robotName,
  queuePosition,
}: {
  state: CallState;
  robotName?: string | null | undefined;
  queuePosition?: number | null | undefined;
}) {
  const { t } = useTranslation('devices');
  const text =
    state === 'created' && queuePosition
      ? t('calls.queued', { position: queuePosition })
      : robotName && (state === 'assigned' || state === 'arriving' || state === 'arrived')
        ? t(`calls.stateWithRobot.${state}`, { robot: robotName })
        : t(`calls.state.${state}`);
  return (
    <Tag color={COLOURS[state]} data-testid="call-state">
      {text}
    </Tag>
  );
}
