import { PauseCircleOutlined, RedoOutlined, SoundOutlined } from '@ant-design/icons';
import type { GroupRobot } from '@fleet/contract';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { useStopAudioMutation } from '../../api/audio/play-mutations';
import { reportAudioError } from '../../api/audio/report-audio-error';
import { Guarded } from '../../components/Guarded';
import { notify } from '../../feedback/notifier';
import { retryableState } from './deployment.utils';
import { outcomeParams, outcomeView } from './play-outcome.utils';

interface Props {
  robot: GroupRobot;
  manage: CanAnswer;
  operate: CanAnswer;
  onRetry: () => void;
  onPlay: () => void;
}

/** One robot of a group: send the version again, play a clip now, stop what it plays. */
export function RobotRowActions({ robot, manage, operate, onRetry, onPlay }: Props) {
  const { t } = useTranslation('audio');
  const stop = useStopAudioMutation();
  const retryable = retryableState(robot.state);

  async function stopSound() {
    try {
      const answer = await stop.mutateAsync(robot.robotId);
      const view = outcomeView(answer);
      notify({
        level: view.type,
        text: `${t('play.ops.stop')}: ${t(`play.outcomes.${view.key}`, outcomeParams(answer, robot.robotName))}`,
      });
    } catch (error) {
      // Offline, or refused before it was sent: the rule's words.
      reportAudioError(error);
    }
  }

  return (
    <Space size={0}>
      <Guarded answer={manage}>
        <Button
          type="link"
          size="small"
          icon={<RedoOutlined aria-hidden />}
          disabled={!manage.allowed || !retryable}
          title={retryable ? t('robots.retryOne') : t('robots.cannotRetry')}
          aria-label={t('robots.retryOf', { robot: robot.robotName })}
          onClick={onRetry}
        />
      </Guarded>
      <Guarded answer={operate}>
        <Button
          type="link"
          size="small"
          icon={<SoundOutlined aria-hidden />}
          disabled={!operate.allowed}
          title={t('robots.playNow')}
          aria-label={t('robots.playOf', { robot: robot.robotName })}
          data-testid="robot-play"
          onClick={onPlay}
        />
      </Guarded>
      <Guarded answer={operate}>
        <Button
          type="link"
          size="small"
          icon={<PauseCircleOutlined aria-hidden />}
          disabled={!operate.allowed}
          loading={stop.isPending}
          title={t('robots.stop')}
          aria-label={t('robots.stopOf', { robot: robot.robotName })}
          onClick={stopSound}
        />
      </Guarded>
    </Space>
  );
}
