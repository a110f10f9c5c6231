import { PauseCircleOutlined, PlayCircleOutlined, SoundOutlined } from '@ant-design/icons';
import type { AudioClip, PlayOutcome } from '@fleet/contract';
import { Alert, Button, Flex, Form, InputNumber, Modal, Select, Slider, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { audioErrorText } from '../../api/audio/audio-refusals';
import {
  usePlayNowMutation,
  useSetVolumeMutation,
  useStopAudioMutation,
} from '../../api/audio/play-mutations';
import { ClipListenButton } from './ClipListenButton';
import { durationText } from './clip-facts.utils';
import { outcomeParams, outcomeView, type PlayOp } from './play-outcome.utils';

export interface PlayTarget {
  robotId: string;
  robotName: string;
  buildingName: string | null;
}

interface Props {
  robot: PlayTarget;
  clips: readonly AudioClip[];
  /** The group's own clips, offered first. */
  groupClipIds: readonly string[];
  /** The volume to start from (a playlist's). */
  volume?: number;
  onClose: () => void;
}

type Result = { op: PlayOp; answer: PlayOutcome } | { op: PlayOp; refused: string };

/** A test on one robot: play a clip once now, stop, or set its volume; the robot's answer within a second. */
export default function PlayNowModal({
  robot,
  clips,
  groupClipIds,
  volume: startVolume = 60,
  onClose,
}: Props) {
  const { t, i18n } = useTranslation('audio');
  const play = usePlayNowMutation();
  const stop = useStopAudioMutation();
  const setVolume = useSetVolumeMutation();
  const [clipId, setClipId] = useState<string | undefined>(groupClipIds[0]);
  const [volume, setVolumeValue] = useState(startVolume);
  const [result, setResult] = useState<Result>();
  const busy = play.isPending || stop.isPending || setVolume.isPending;

  const options = useMemo(() => {
    const own = new Set(groupClipIds);
    const option = (c: AudioClip) => ({
      value: c.id,
      label: c.name,
      title: `${c.name} · ${durationText(c.durationMs)}`,
    });
    const mine = clips.filter((c) => own.has(c.id)).map(option);
    const others = clips.filter((c) => !own.has(c.id)).map(option);
    return [
      ...(mine.length ? [{ label: t('play.groupClips'), title: 'group', options: mine }] : []),
      ...(others.length ? [{ label: t('play.otherClips'), title: 'others', options: others }] : []),
    ];
  }, [clips, groupClipIds, t]);
  const chosen = clips.find((c) => c.id === clipId);

  async function send(op: PlayOp) {
    setResult(undefined);
    try {
      const answer =
        op === 'play' && clipId
          ? await play.mutateAsync({ robotId: robot.robotId, clipId, volume })
          : op === 'stop'
            ? await stop.mutateAsync(robot.robotId)
            : await setVolume.mutateAsync({ robotId: robot.robotId, volume });
      setResult({ op, answer });
    } catch (error) {
      // Offline, quiet hours, in a lift: refused before anything was sent, in words the dialog shows.
      setResult({ op, refused: audioErrorText(i18n, error) });
    }
  }

  const view = result && 'answer' in result ? outcomeView(result.answer) : undefined;

  return (
    <Modal
      open
      width={560}
      title={t('play.title', { robot: robot.robotName })}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t('play.close')}</Button>}
    >
      <Form layout="vertical" component="div">
        {robot.buildingName && (
          <Typography.Paragraph type="secondary">
            {t('play.intro', { building: robot.buildingName })}
          </Typography.Paragraph>
        )}
        <Form.Item label={t('play.clip')}>
          <Flex gap={8} align="center">
            <Select
              aria-label={t('play.clip')}
              value={clipId}
              onChange={setClipId}
              options={options}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('play.chooseClip')}
              style={{ flex: 1, minWidth: 0 }}
              data-testid="play-clip"
            />
            {chosen && <ClipListenButton clip={chosen} />}
          </Flex>
        </Form.Item>
        <Form.Item label={t('play.volume')} extra={t('play.volumeHint')}>
          <Flex gap={12} align="center">
            <Slider min={0} max={100} value={volume} onChange={setVolumeValue} style={{ flex: 1 }} />
            <InputNumber
              min={0}
              max={100}
              value={volume}
              onChange={(v) => typeof v === 'number' && setVolumeValue(Math.round(v))}
              suffix="%"
              style={{ width: 90 }}
              aria-label={t('play.volume')}
            />
          </Flex>
        </Form.Item>
        <Flex gap={8} wrap>
          <Button
            type="primary"
            icon={<PlayCircleOutlined aria-hidden />}
            disabled={!clipId || busy}
            loading={play.isPending}
            onClick={() => send('play')}
            data-testid="play-send"
          >
            {t('play.play')}
          </Button>
          <Button
            icon={<PauseCircleOutlined aria-hidden />}
            disabled={busy}
            loading={stop.isPending}
            onClick={() => send('stop')}
            data-testid="play-stop"
          >
            {t('play.stop')}
          </Button>
          <Button
            icon={<SoundOutlined aria-hidden />}
            disabled={busy}
            loading={setVolume.isPending}
            onClick={() => send('volume')}
          >
            {t('play.setVolume')}
          </Button>
        </Flex>
      </Form>
      {result && (
        <Alert
          style={{ marginTop: 16 }}
          showIcon
          data-testid="play-result"
          type={'refused' in result ? 'error' : (view?.type ?? 'info')}
          title={t(`play.ops.${result.op}`, { clip: chosen?.name ?? '' })}
          description={
            'refused' in result
              ? result.refused
              : [
                  t(
                    `play.outcomes.${view?.key ?? 'noAnswer'}`,
                    outcomeParams(result.answer, robot.robotName),
                  ),
                  ...(result.answer.volume !== null
                    ? [t('play.volumeSent', { volume: result.answer.volume })]
                    : []),
                ].join(' · ')
          }
        />
      )}
    </Modal>
  );
}
