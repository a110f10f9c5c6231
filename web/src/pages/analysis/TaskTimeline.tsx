import type { AnalysisTaskDetail } from '@fleet/contract';
import { Empty, Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOURS } from '../../components/floor-map/robot-colours';
import { StateLegend } from './StateLegend';
import { timelineSegments, zonedTime } from './task-format.utils';

/** A task's states as one bar from its start to its end, each state in its colour. */
export function TaskTimeline({ task, locale }: { task: AnalysisTaskDetail; locale: string }) {
  const { t } = useTranslation(['analysis', 'live']);
  const { token } = theme.useToken();
  const segments = timelineSegments(task.states, task.startedAt, task.endedAt);
  if (segments.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('task.noStates')} />;
  const time = (iso: string) => zonedTime(iso, task.timeZone, locale, false);
  return (
    <div data-testid="task-timeline">
      <StateLegend label={(s) => t(`live:status.${s}`)} only={[...new Set(segments.map((s) => s.state))]} />
      <div
        style={{
          position: 'relative',
          height: 18,
          borderRadius: 4,
          overflow: 'hidden',
          background: token.colorFillQuaternary,
        }}
      >
        {segments.map((s) => (
          <Tooltip
            key={`${s.from} ${s.state}`}
            title={`${t(`live:status.${s.state}`)}: ${time(s.from)} – ${time(s.to)}`}
          >
            <div
              data-state={s.state}
              style={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                left: `${s.left}%`,
                width: `${s.width}%`,
                background: STATUS_COLOURS[s.state],
              }}
            />
          </Tooltip>
        ))}
      </div>
      <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 12, marginTop: 2 }}>
        <span>{time(task.startedAt)}</span>
        <span>{time(task.endedAt)}</span>
      </div>
    </div>
  );
}
