import type { AudioGroup } from '@fleet/contract';
import { Modal } from 'antd';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGroupRemoveMutation } from '../../api/audio/group-mutations';
import { notify } from '../../feedback/notifier';
import type { GroupAction } from './GroupActions';
import type { GroupNameDialog } from './GroupNameModal';
import { detailPath } from './group-list.utils';

const GroupNameModal = lazy(() => import('./GroupNameModal'));

/** Open, create, rename, duplicate and delete a group, from the list or from its detail. */
export function useGroupCommands(onRemoved?: (group: AudioGroup) => void): {
  act: (action: GroupAction, group: AudioGroup) => void;
  create: () => void;
  elements: ReactNode;
} {
  const { t } = useTranslation('audio');
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<GroupNameDialog>();
  const [modal, confirmations] = Modal.useModal();
  const remove = useGroupRemoveMutation();

  const act = useCallback(
    (action: GroupAction, group: AudioGroup) => {
      switch (action) {
        case 'open':
          navigate(detailPath(group.id));
          return;
        case 'rename':
        case 'duplicate':
          setDialog({ kind: action, group });
          return;
        case 'remove':
          modal.confirm({
            title: t('groups.remove.title', { name: group.name }),
            content: group.activeVersion === null ? t('groups.remove.draftOnly') : t('groups.remove.content'),
            okText: t('groups.remove.ok'),
            cancelText: t('actions.cancel'),
            okButtonProps: { danger: true, 'data-testid': 'audio-group-remove-ok' },
            onOk: async () => {
              await remove.mutateAsync(group.id);
              notify({ level: 'success', text: t('groups.remove.done', { name: group.name }) });
              onRemoved?.(group);
            },
          });
      }
    },
    [navigate, modal, remove, t, onRemoved],
  );

  const elements = (
    <>
      {confirmations}
      {dialog && (
        <Suspense fallback={null}>
          <GroupNameModal
            dialog={dialog}
            onClose={() => setDialog(undefined)}
            onSaved={(saved) => {
              if (dialog.kind !== 'rename') navigate(detailPath(saved.id));
            }}
          />
        </Suspense>
      )}
    </>
  );

  return { act, create: () => setDialog({ kind: 'create' }), elements };
}
