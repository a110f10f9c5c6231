import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { type AudioClip, EVENT_SLOTS, type SlotClip, VOICE_LANGS_MAX } from '@fleet/contract';
import { Button, Empty, Flex, Popconfirm, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CanAnswer } from '../../access/use-can';
import { useClipCaps } from '../../api/audio/use-clip-caps';
import { useLanguage } from '../../components/DateTimeText';
import { Guarded } from '../../components/Guarded';
import { langName } from './clip-facts.utils';
import { isAudioLang } from './clip-upload.utils';
import { listPath } from './group-list.utils';
import { LangInput } from './LangInput';
import { SlotCell } from './SlotCell';
import {
  addLangRefusal,
  filledCount,
  fitsSlot,
  type SlotRow,
  setSlotClip,
  slotRows,
} from './voice-pack.utils';

interface Props {
  slots: SlotClip[];
  /** The table's columns: the slots' languages and those added without a clip yet. */
  langs: string[];
  clips: readonly AudioClip[];
  /** `lang/slot` → why the server refused that cell's clip. */
  problems: ReadonlyMap<string, string>;
  manage: CanAnswer;
  onSlots: (slots: SlotClip[]) => void;
  onAddLang: (lang: string) => void;
  onRemoveLang: (lang: string) => void;
}

/** A voice pack's words: rows are the robot's events, columns the languages it speaks. */
export function VoicePackEditor({
  slots,
  langs,
  clips,
  problems,
  manage,
  onSlots,
  onAddLang,
  onRemoveLang,
}: Props) {
  const { t } = useTranslation('audio');
  const promptMaxS = useClipCaps().prompt.maxDurationS;
  const lng = useLanguage();
  const [newLang, setNewLang] = useState('');
  const clipsById = useMemo(() => new Map(clips.map((c) => [c.id, c])), [clips]);
  const rows = useMemo(() => slotRows(slots, langs), [slots, langs]);
  const refusal = newLang ? addLangRefusal(langs, newLang, isAudioLang(newLang)) : undefined;
  const disabled = !manage.allowed;

  function add() {
    if (!newLang || refusal) return;
    onAddLang(newLang);
    setNewLang('');
  }

  const columns: TableColumnsType<SlotRow> = [
    {
      title: t('slots.event'),
      key: 'slot',
      fixed: 'left',
      width: 220,
      render: (_, r) => (
        <Flex vertical>
          <strong>{t(`slots.names.${r.slot}`)}</strong>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`slots.hints.${r.slot}`)}
          </Typography.Text>
        </Flex>
      ),
    },
    ...langs.map((lang) => ({
      key: lang,
      width: 250,
      title: (
        <Flex align="center" justify="space-between" gap={4}>
          <span>
            {langName(lang, lng)}{' '}
            <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}>
              {lang} · {t('slots.filled', { filled: filledCount(slots, lang), total: EVENT_SLOTS.length })}
            </Typography.Text>
          </span>
          {!disabled && (
            <Popconfirm
              title={t('slots.removeLang', { lang: langName(lang, lng) })}
              description={filledCount(slots, lang) ? t('slots.removeLangHint') : undefined}
              okText={t('slots.removeLangOk')}
              cancelText={t('actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => onRemoveLang(lang)}
            >
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined aria-hidden />}
                aria-label={t('slots.removeLangOf', { lang })}
                title={t('slots.removeLangOf', { lang })}
              />
            </Popconfirm>
          )}
        </Flex>
      ),
      render: (_: unknown, r: SlotRow) => (
        <SlotCell
          lang={lang}
          slotLabel={t(`slots.names.${r.slot}`)}
          clipId={r.clips[lang]}
          choices={clips.filter((c) => fitsSlot(c, lang, promptMaxS))}
          clipsById={clipsById}
          disabled={disabled}
          problem={problems.get(`${lang}/${r.slot}`)}
          onChange={(clipId) => onSlots(setSlotClip(slots, lang, r.slot, clipId))}
        />
      ),
    })),
  ];

  const adder = (
    <Guarded answer={manage}>
      <Flex gap={8} align="flex-start" wrap>
        <Flex vertical gap={2}>
          <LangInput
            value={newLang}
            onChange={setNewLang}
            exclude={langs}
            placeholder={t('slots.addLangPlaceholder')}
            aria-label={t('slots.addLang')}
            status={refusal ? 'error' : undefined}
            style={{ width: 240 }}
          />
          {refusal && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {t(`slots.addLangRefused.${refusal}`, { max: VOICE_LANGS_MAX })}
            </Typography.Text>
          )}
        </Flex>
        <Button
          icon={<PlusOutlined aria-hidden />}
          disabled={disabled || !newLang || refusal !== undefined}
          onClick={add}
          data-testid="voice-add-lang"
        >
          {t('slots.addLang')}
        </Button>
      </Flex>
    </Guarded>
  );

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 640 }}>
          {t('slots.intro')}{' '}
          {clips.some((c) => c.purpose === 'prompt') ? null : (
            <Link to={listPath('clips')}>{t('slots.uploadPrompts')}</Link>
          )}
        </Typography.Paragraph>
        {langs.length > 0 && adder}
      </Flex>
      {langs.length === 0 ? (
        <Empty
          style={{ paddingBlock: 24 }}
          description={
            <Flex vertical gap={4} align="center">
              <strong>{t('slots.empty.title')}</strong>
              <span style={{ maxWidth: 520 }}>{t('slots.empty.description')}</span>
            </Flex>
          }
        >
          <Flex justify="center">{adder}</Flex>
        </Empty>
      ) : (
        <Table<SlotRow>
          rowKey="slot"
          size="small"
          data-testid="voice-slots"
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      )}
    </Flex>
  );
}
