import type { Person } from '@fleet/contract';
import { fullName } from '@fleet/contract/people-names';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMeQuery } from '../../api/people/me-query';
import { useOwnerTransferMutation } from '../../api/people/owner-transfer-mutation';
import { usePersonAdminMutation } from '../../api/people/person-admin-mutation';
import { usePersonRemoveMutation } from '../../api/people/person-remove-mutation';
import { notify } from '../../feedback/notifier';

/**
 * The row commands that need no form: remove (the row's Popconfirm asks first), and the owner's role
 * changes, each behind a confirmation that says what will happen. Failures were already told by the client.
 * The confirmations render where the screen puts `confirmations` (antd's modal holder, in the console's
 * theme and language), so no antd <App> has to wrap every screen.
 */
export function usePersonCommands() {
  const { t } = useTranslation('people');
  const [modal, confirmations] = Modal.useModal();
  const company = useMeQuery().data?.companyName ?? '';
  const remove = usePersonRemoveMutation();
  const admin = usePersonAdminMutation();
  const transfer = useOwnerTransferMutation();
  const done = (text: string) => notify({ level: 'success', text });

  return {
    confirmations,
    removing: remove.isPending,
    async remove(person: Person) {
      await remove.mutateAsync(person.id);
      done(t('remove.done', { name: fullName(person) }));
    },
    confirmAdmin(person: Person, makeAdmin: boolean) {
      const key = makeAdmin ? 'makeAdmin' : 'removeAdmin';
      const name = fullName(person);
      modal.confirm({
        title: t(`${key}.title`, { name }),
        content: t(`${key}.content`, { name, company }),
        okText: t(`${key}.ok`),
        cancelText: t('actions.cancel'),
        okButtonProps: { 'data-testid': 'confirm-ok' },
        onOk: async () => {
          await admin.mutateAsync({ userId: person.id, admin: makeAdmin });
          done(t(`${key}.done`, { name }));
        },
      });
    },
    confirmTransfer(person: Person) {
      const name = fullName(person);
      modal.confirm({
        title: t('transfer.title', { name, company }),
        content: t('transfer.content', { name, company }),
        okText: t('transfer.ok'),
        okButtonProps: { danger: true, 'data-testid': 'confirm-ok' },
        cancelText: t('actions.cancel'),
        onOk: async () => {
          await transfer.mutateAsync(person.id);
          done(t('transfer.done', { name, company }));
        },
      });
    },
  };
}

export type PersonCommands = ReturnType<typeof usePersonCommands>;
