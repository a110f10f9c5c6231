import type { AudioClip } from '@fleet/contract';
import { Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ClipListenButton } from './ClipListenButton';
import { durationText } from './clip-facts.utils';

interface Props {
  lang: string;
  slotLabel: string;
  clipId: string | undefined;
  /** The clips that fit this slot's language and a prompt's length. */
  choices: readonly AudioClip[];
  clipsById: ReadonlyMap<string, AudioClip>;
  disabled: boolean;
  problem: string | undefined;
  onChange: (clipId: string | undefined) => void;
}

/** One event of a voice pack in one language: its clip, or the robot's own prompt when empty. */
export function SlotCell({
  lang,
  slotLabel,
  clipId,
  choices,
  clipsById,
  disabled,
  problem,
  onChange,
}: Props) {
  const { t } = useTranslation('audio');
  const chosen = clipId ? clipsById.get(clipId) : undefined;
  // A clip chosen earlier that no longer fits (its language changed) is still shown, so it can be replaced.
  const options = [...choices, ...(chosen && !choices.includes(chosen) ? [chosen] : [])].map((c) => ({
    value: c.id,
    label: c.name,
    title: `${c.name} · ${durationText(c.durationMs)}`,
  }));
  return (
    <Flex vertical gap={2}>
      <Flex gap={4} align="center">
        <Select
          aria-label={t('slots.cellOf', { slot: slotLabel, lang })}
          value={clipId}
          placeholder={t('slots.ownPrompt')}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          disabled={disabled}
          status={problem ? 'error' : undefined}
          options={options}
          onChange={(value?: string) => onChange(value)}
          style={{ width: 200 }}
          data-testid="slot-cell"
          notFoundContent={t('slots.noFit', { lang })}
        />
        {chosen ? (
          <ClipListenButton clip={chosen} />
        ) : clipId ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('slots.missingClip')}
          </Typography.Text>
        ) : null}
      </Flex>
      {problem && (
        <Typography.Text type="danger" style={{ fontSize: 12, maxWidth: 230 }}>
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}
