import { NotificationOutlined, SoundOutlined } from '@ant-design/icons';
import type { AudioDeployState, AudioGroupKind, ClipPurpose } from '@fleet/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../components/DateTimeText';
import { langName } from './clip-facts.utils';
import { STATE_COLORS } from './deployment.utils';

/** A voice pack or a playlist, with its icon. */
export function KindTag({ kind }: { kind: AudioGroupKind }) {
  const { t } = useTranslation('audio');
  return (
    <Tag
      color={kind === 'voicePack' ? 'geekblue' : 'cyan'}
      icon={kind === 'voicePack' ? <SoundOutlined aria-hidden /> : <NotificationOutlined aria-hidden />}
      style={{ marginInlineEnd: 0 }}
    >
      {t(`kinds.${kind}`)}
    </Tag>
  );
}

export function StateTag({ state }: { state: AudioDeployState }) {
  const { t } = useTranslation('audio');
  return (
    <Tooltip title={t(`stateHints.${state}`)}>
      <Tag color={STATE_COLORS[state]} data-testid="audio-state" style={{ marginInlineEnd: 0 }}>
        {t(`states.${state}`)}
      </Tag>
    </Tooltip>
  );
}

export function PurposeTag({ purpose }: { purpose: ClipPurpose }) {
  const { t } = useTranslation('audio');
  return (
    <Tag color={purpose === 'prompt' ? 'blue' : 'orange'} style={{ marginInlineEnd: 0 }}>
      {t(`purposes.${purpose}`)}
    </Tag>
  );
}

/** A language tag ("zh-CN") with its name in the console's language on hover. */
export function LangTag({ lang }: { lang: string }) {
  const lng = useLanguage();
  return (
    <Tooltip title={langName(lang, lng)}>
      <Tag style={{ marginInlineEnd: 0 }}>{lang}</Tag>
    </Tooltip>
  );
}
