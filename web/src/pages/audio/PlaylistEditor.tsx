import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type AudioClip, PLAYLIST_ITEMS_MAX } from '@fleet/contract';
import { Button, Empty, Flex, Select, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { Guarded } from '../../components/Guarded';
import { notify } from '../../feedback/notifier';
import { LangTag, PurposeTag } from './AudioTags';
import { ClipListenButton } from './ClipListenButton';
import { durationText, totalDurationMs } from './clip-facts.utils';
import { addItems, moveItem, type PlaylistItem, removeItem } from './playlist.utils';

interface Props {
  items: PlaylistItem[];
  clips: readonly AudioClip[];
  /** Position → why the server refused that item's clip. */
  problems: ReadonlyMap<number, string>;
  manage: CanAnswer;
  onItems: (items: PlaylistItem[]) => void;
}

interface Row extends PlaylistItem {
  index: number;
}

/** A playlist's clips in the order they play (one may come more than once): add, move, take out. */
export function PlaylistEditor({ items, clips, problems, manage, onItems }: Props) {
  const { t } = useTranslation('audio');
  const [adding, setAdding] = useState<string[]>([]);
  const clipsById = useMemo(() => new Map(clips.map((c) => [c.id, c])), [clips]);
  const rows = items.map((item, index) => ({ ...item, index }));
  const disabled = !manage.allowed;
  const total = totalDurationMs(
    items.map((i) => i.clipId),
    clipsById,
  );

  function add() {
    const { items: next, left } = addItems(items, adding);
    onItems(next);
    setAdding([]);
    if (left) notify({ level: 'warning', text: t('playlist.tooMany', { max: PLAYLIST_ITEMS_MAX, left }) });
  }

  const columns: TableColumnsType<Row> = [
    { title: '#', key: 'order', width: 48, render: (_, r) => r.index + 1 },
    {
      title: t('playlist.clip'),
      key: 'clip',
      render: (_, r) => {
        const clip = clipsById.get(r.clipId);
        return (
          <Flex vertical gap={2}>
            <Flex align="center" gap={4}>
              {clip && <ClipListenButton clip={clip} />}
              <Typography.Text strong={!!clip} type={clip ? undefined : 'secondary'}>
                {clip?.name ?? t('slots.missingClip')}
              </Typography.Text>
            </Flex>
            {problems.get(r.index) && (
              <Typography.Text type="danger" style={{ fontSize: 12 }}>
                {problems.get(r.index)}
              </Typography.Text>
            )}
          </Flex>
        );
      },
    },
    {
      title: t('clips.columns.duration'),
      key: 'duration',
      align: 'right',
      render: (_, r) => {
        const clip = clipsById.get(r.clipId);
        return clip ? durationText(clip.durationMs) : '–';
      },
    },
    {
      title: t('clips.columns.lang'),
      key: 'lang',
      render: (_, r) => {
        const lang = clipsById.get(r.clipId)?.lang;
        return lang ? (
          <LangTag lang={lang} />
        ) : (
          <Typography.Text type="secondary">{t('clips.noLang')}</Typography.Text>
        );
      },
    },
    {
      title: t('clips.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Guarded answer={manage}>
          <Space size={0}>
            <Button
              type="text"
              size="small"
              icon={<ArrowUpOutlined aria-hidden />}
              disabled={disabled || r.index === 0}
              aria-label={t('playlist.up', { n: r.index + 1 })}
              title={t('playlist.upTitle')}
              onClick={() => onItems(moveItem(items, r.index, -1))}
            />
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined aria-hidden />}
              disabled={disabled || r.index === items.length - 1}
              aria-label={t('playlist.down', { n: r.index + 1 })}
              title={t('playlist.downTitle')}
              onClick={() => onItems(moveItem(items, r.index, 1))}
            />
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined aria-hidden />}
              disabled={disabled}
              aria-label={t('playlist.remove', { n: r.index + 1 })}
              title={t('playlist.removeTitle')}
              onClick={() => onItems(removeItem(items, r.index))}
            />
          </Space>
        </Guarded>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Guarded answer={manage}>
          <Flex gap={8} wrap>
            <Select
              mode="multiple"
              aria-label={t('playlist.add')}
              placeholder={t('playlist.addPlaceholder')}
              value={adding}
              onChange={setAdding}
              disabled={disabled}
              showSearch={{ optionFilterProp: 'label' }}
              maxTagCount="responsive"
              style={{ width: 360 }}
              options={clips.map((c) => ({
                value: c.id,
                label: c.name,
                title: `${c.name} · ${durationText(c.durationMs)}`,
              }))}
              optionRender={(o) => {
                const clip = clipsById.get(String(o.value));
                return (
                  <Flex justify="space-between" gap={8}>
                    <span>{o.label}</span>
                    {clip && (
                      <Flex gap={4} align="center">
                        <PurposeTag purpose={clip.purpose} />
                        <Typography.Text type="secondary">{durationText(clip.durationMs)}</Typography.Text>
                      </Flex>
                    )}
                  </Flex>
                );
              }}
              data-testid="playlist-add-select"
            />
            <Button
              icon={<PlusOutlined aria-hidden />}
              disabled={disabled || adding.length === 0}
              onClick={add}
              data-testid="playlist-add"
            >
              {t('playlist.addButton')}
            </Button>
          </Flex>
        </Guarded>
        <Typography.Text type="secondary">
          {t('playlist.summary', { n: items.length, duration: durationText(total) })}
        </Typography.Text>
      </Flex>
      <Table<Row>
        rowKey={(r) => `${r.index}-${r.clipId}`}
        size="small"
        data-testid="playlist-items"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                <Flex vertical gap={4} align="center">
                  <strong>{t('playlist.empty.title')}</strong>
                  <span style={{ maxWidth: 480 }}>{t('playlist.empty.description')}</span>
                </Flex>
              }
            />
          ),
        }}
      />
    </Flex>
  );
}
