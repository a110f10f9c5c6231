import { SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { type AudioClip, CLIP_PURPOSES, type ClipPurpose } from '@fleet/contract';
import { Button, Flex, Input, Modal, Select } from 'antd';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { isApiError } from '../../api/api-error';
import { audioErrorText } from '../../api/audio/audio-refusals';
import { useClipRemoveMutation } from '../../api/audio/clip-mutations';
import { useAudioClipsQuery } from '../../api/audio/clips-query';
import { reportAudioError } from '../../api/audio/report-audio-error';
import { Guarded } from '../../components/Guarded';
import { usePagedSearch } from '../../components/use-paged-search';
import { notify } from '../../feedback/notifier';
import { ClipsTable } from './ClipsTable';
import { clipSearchBody, FIRST_CLIP_PAGE } from './group-list.utils';

const ClipUploadModal = lazy(() => import('./ClipUploadModal'));
const ClipEditModal = lazy(() => import('./ClipEditModal'));

type Dialog = { kind: 'upload' } | { kind: 'edit'; clip: AudioClip };

/** The company's clips: upload, listen, rename, delete (refused while a group uses the clip). */
export function ClipsTab({ manage }: { manage: CanAnswer }) {
  const { t, i18n } = useTranslation('audio');
  const search = usePagedSearch(FIRST_CLIP_PAGE);
  const body = useMemo(() => clipSearchBody(search.state), [search.state]);
  const list = useAudioClipsQuery(body);
  const remove = useClipRemoveMutation();
  const [dialog, setDialog] = useState<Dialog>();
  const [modal, confirmations] = Modal.useModal();

  const onRemove = useCallback(
    (clip: AudioClip) => {
      const refused = (content: string) =>
        modal.warning({
          title: t('clips.remove.refusedTitle', { name: clip.name }),
          content,
          okText: t('actions.ok'),
        });
      // A clip a group uses cannot go: say so at once, in the words the server's refusal has.
      if (clip.usedBy.length) {
        const groups = clip.usedBy.map((u) => u.groupName).join(', ');
        refused(t('refusals.clipInUse', { name: clip.name, groups, count: clip.usedBy.length }));
        return;
      }
      modal.confirm({
        title: t('clips.remove.title', { name: clip.name }),
        content: t('clips.remove.content'),
        okText: t('clips.remove.ok'),
        cancelText: t('actions.cancel'),
        okButtonProps: { danger: true, 'data-testid': 'clip-remove-ok' },
        onOk: async () => {
          try {
            await remove.mutateAsync(clip.id);
            notify({ level: 'success', text: t('clips.remove.done', { name: clip.name }) });
          } catch (error) {
            // A group took the clip up meanwhile: the server names it.
            if (isApiError(error) && error.refusal?.rule === 'clipInUse')
              refused(audioErrorText(i18n, error));
            else reportAudioError(error);
          }
        },
      });
    },
    [modal, remove, t, i18n],
  );

  const onEdit = useCallback((clip: AudioClip) => setDialog({ kind: 'edit', clip }), []);
  const openUpload = () => setDialog({ kind: 'upload' });

  return (
    <>
      {confirmations}
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap>
          <Input
            data-testid="audio-clips-search"
            aria-label={t('clips.search')}
            placeholder={t('clips.search')}
            prefix={<SearchOutlined aria-hidden />}
            allowClear
            value={search.typed}
            onChange={(e) => search.setTyped(e.target.value)}
            style={{ width: 260 }}
          />
          <Select<ClipPurpose>
            aria-label={t('clips.filterPurpose')}
            placeholder={t('clips.filterPurpose')}
            allowClear
            style={{ width: 180 }}
            value={search.state.purpose}
            onChange={(purpose?: ClipPurpose) => search.update({ purpose, page: 1 })}
            options={CLIP_PURPOSES.map((p) => ({ value: p, label: t(`purposes.${p}`) }))}
          />
        </Flex>
        {!manage.pending && (
          <Guarded answer={manage}>
            <Button
              type="primary"
              icon={<UploadOutlined aria-hidden />}
              disabled={!manage.allowed}
              onClick={openUpload}
              data-testid="clip-upload"
            >
              {t('clips.upload')}
            </Button>
          </Guarded>
        )}
      </Flex>
      <ClipsTable
        page={list.data}
        loading={list.isFetching}
        state={search.state}
        onPage={(page, pageSize) => search.update({ page, pageSize })}
        manage={manage}
        onEdit={onEdit}
        onRemove={onRemove}
        onUpload={openUpload}
      />
      <Suspense fallback={null}>
        {dialog?.kind === 'upload' && <ClipUploadModal onClose={() => setDialog(undefined)} />}
        {dialog?.kind === 'edit' && <ClipEditModal clip={dialog.clip} onClose={() => setDialog(undefined)} />}
      </Suspense>
    </>
  );
}
