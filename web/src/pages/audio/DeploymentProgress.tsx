import type { DeploymentCounts } from '@fleet/contract';
import { Flex, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ProgressSegment, progressOf } from './deployment.utils';

const WIDTH = 120;

/** The robots of a group's active version by state: a stacked bar, "3 / 5 ready", and each count on hover. */
export function DeploymentProgress({ counts, published }: { counts: DeploymentCounts; published: boolean }) {
  const { t } = useTranslation('audio');
  const { token } = theme.useToken();
  const progress = progressOf(counts);
  const colors: Record<ProgressSegment['state'], string> = {
    ready: token.colorSuccess,
    downloading: token.colorPrimary,
    queued: token.colorWarning,
    failed: token.colorError,
    unsupported: token.colorTextQuaternary,
    superseded: token.purple,
  };
  if (!published || progress.total === 0) {
    return (
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
        {published ? t('progress.noRobots') : t('progress.unpublished')}
      </Typography.Text>
    );
  }
  const detail = (
    <Flex vertical gap={2}>
      {progress.segments.map((s) => (
        <span key={s.state}>{t('progress.count', { state: t(`states.${s.state}`), n: s.count })}</span>
      ))}
    </Flex>
  );
  return (
    <Tooltip title={detail}>
      <Flex vertical gap={2} style={{ width: WIDTH }} data-testid="audio-progress">
        <div
          role="img"
          aria-label={t('progress.ready', { ready: progress.ready, total: progress.total })}
          style={{
            display: 'flex',
            height: 8,
            width: WIDTH,
            borderRadius: 4,
            overflow: 'hidden',
            background: token.colorFillSecondary,
          }}
        >
          {progress.segments.map((s) => (
            <div key={s.state} style={{ width: `${s.percent}%`, background: colors[s.state] }} />
          ))}
        </div>
        <Typography.Text style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {t('progress.ready', { ready: progress.ready, total: progress.total })}
          {progress.failed > 0 && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {' · '}
              {t('progress.failed', { n: progress.failed })}
            </Typography.Text>
          )}
          {progress.moving > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {' · '}
              {t('progress.moving', { n: progress.moving })}
            </Typography.Text>
          )}
        </Typography.Text>
      </Flex>
    </Tooltip>
  );
}
