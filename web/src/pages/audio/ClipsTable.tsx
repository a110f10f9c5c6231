import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { AudioClip, PageResult } from '@fleet/contract';
import { Button, Empty, Flex, Space, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CanAnswer } from '../../access/use-can';
import { DateTimeText, useLanguage } from '../../components/DateTimeText';
import { Guarded } from '../../components/Guarded';
import { pagerOf } from '../../components/use-paged-search';
import { LangTag, PurposeTag } from './AudioTags';
import { ClipListenButton } from './ClipListenButton';
import { bitrateText, bytesText, durationText, sampleRateText, shortChecksum } from './clip-facts.utils';
import { type ClipListState, detailPath, isFiltered } from './group-list.utils';

interface Props {
  page: PageResult<AudioClip> | undefined;
  loading: boolean;
  state: ClipListState;
  onPage: (page: number, pageSize: number) => void;
  manage: CanAnswer;
  onEdit: (clip: AudioClip) => void;
  onRemove: (clip: AudioClip) => void;
  onUpload: () => void;
}

/** The clip library: each clip's sound as read from its bytes, who uses it, and a way to listen. */
export function ClipsTable({ page, loading, state, onPage, manage, onEdit, onRemove, onUpload }: Props) {
  const { t } = useTranslation('audio');
  const lng = useLanguage();

  const columns = useMemo<TableColumnsType<AudioClip>>(() => {
    const channelsText = (n: number | null) =>
      n === null ? '–' : n === 1 ? t('clips.mono') : n === 2 ? t('clips.stereo') : t('clips.channels', { n });
    return [
      {
        title: t('clips.columns.name'),
        key: 'name',
        render: (_, c) => (
          <Flex align="center" gap={4}>
            <ClipListenButton clip={c} />
            <Flex vertical style={{ minWidth: 0 }}>
              <Typography.Text strong style={{ maxWidth: 220 }} ellipsis={{ tooltip: c.name }}>
                {c.name}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                <span title={t('clips.columns.duration')}>{durationText(c.durationMs)}</span>
                {' · '}
                <span title={t('clips.columns.size')}>{bytesText(c.sizeBytes, lng)}</span>
              </Typography.Text>
            </Flex>
          </Flex>
        ),
      },
      {
        title: t('clips.columns.purpose'),
        key: 'purpose',
        render: (_, c) => (
          <Flex vertical gap={4} align="flex-start">
            <PurposeTag purpose={c.purpose} />
            {c.lang ? (
              <LangTag lang={c.lang} />
            ) : (
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                {t('clips.noLang')}
              </Typography.Text>
            )}
          </Flex>
        ),
      },
      {
        title: t('clips.columns.format'),
        key: 'format',
        render: (_, c) => (
          <Flex vertical>
            <span style={{ whiteSpace: 'nowrap' }}>
              {c.format.toUpperCase()} · {sampleRateText(c.sampleRate, lng)}
            </span>
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {channelsText(c.channels)} · {bitrateText(c.bitrate)}
            </Typography.Text>
          </Flex>
        ),
      },
      {
        title: t('clips.columns.checksum'),
        key: 'checksum',
        render: (_, c) => (
          <Typography.Text
            code
            copyable={{ text: c.sha256, tooltips: [t('clips.copyChecksum'), t('clips.copied')] }}
          >
            <Tooltip title={`SHA-256 ${c.sha256}`}>{shortChecksum(c.sha256)}</Tooltip>
          </Typography.Text>
        ),
      },
      {
        title: t('clips.columns.usedBy'),
        key: 'usedBy',
        render: (_, c) =>
          c.usedBy.length ? (
            <Flex vertical style={{ maxWidth: 200 }}>
              {c.usedBy.map((u) => (
                <span key={u.groupId}>
                  <Link to={detailPath(u.groupId)}>{u.groupName}</Link>{' '}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {[
                      ...(u.inDraft ? [t('clips.inDraft')] : []),
                      ...u.versions.map((version) => t('versions.v', { version })),
                    ].join(' · ')}
                  </Typography.Text>
                </span>
              ))}
            </Flex>
          ) : (
            <Typography.Text type="secondary">{t('clips.unused')}</Typography.Text>
          ),
      },
      {
        title: t('clips.columns.uploaded'),
        key: 'uploaded',
        render: (_, c) => (
          <Flex vertical>
            <DateTimeText iso={c.createdAt} />
            {c.createdByName && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {c.createdByName}
              </Typography.Text>
            )}
          </Flex>
        ),
      },
      {
        title: t('clips.columns.actions'),
        key: 'actions',
        fixed: 'right',
        render: (_, c) => (
          <Space size={0}>
            <Guarded answer={manage}>
              <Button
                type="link"
                size="small"
                icon={<EditOutlined aria-hidden />}
                disabled={!manage.allowed}
                title={t('clips.edit')}
                aria-label={t('clips.editOf', { name: c.name })}
                onClick={() => onEdit(c)}
              />
            </Guarded>
            <Guarded answer={manage}>
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined aria-hidden />}
                disabled={!manage.allowed}
                title={t('clips.remove.action')}
                aria-label={t('clips.remove.of', { name: c.name })}
                data-testid="clip-remove"
                onClick={() => onRemove(c)}
              />
            </Guarded>
          </Space>
        ),
      },
    ];
  }, [t, lng, manage, onEdit, onRemove]);

  const emptyText = isFiltered(state) ? (
    t('clips.noMatch')
  ) : (
    <Empty
      style={{ paddingBlock: 24 }}
      description={
        <Flex vertical gap={4} align="center">
          <strong>{t('clips.empty.title')}</strong>
          <span style={{ maxWidth: 520 }}>{t('clips.empty.description')}</span>
        </Flex>
      }
    >
      {!manage.pending && (
        <Guarded answer={manage}>
          <Button type="primary" disabled={!manage.allowed} onClick={onUpload}>
            {t('clips.upload')}
          </Button>
        </Guarded>
      )}
    </Empty>
  );

  return (
    <Table<AudioClip>
      rowKey="id"
      data-testid="audio-clips-table"
      columns={columns}
      dataSource={page?.list}
      loading={loading && !page}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText }}
      pagination={pagerOf(state, page?.totalCnt, (total) => t('clips.total', { total }))}
      onChange={(p) => onPage(p.current ?? 1, p.pageSize ?? state.pageSize)}
    />
  );
}
