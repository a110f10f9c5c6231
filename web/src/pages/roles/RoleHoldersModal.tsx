import type { CustomRole } from '@fleet/contract';
import { fullName } from '@fleet/contract/people-names';
import { Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePeopleListQuery } from '../../api/people/people-list-query';
import { useRoleAssignMutation } from '../../api/roles/role-assign-mutation';
import { notify } from '../../feedback/notifier';

interface Props {
  role: CustomRole;
  onClose: () => void;
}

/** Who holds a role: the chosen people replace the previous holders. */
export function RoleHoldersModal({ role, onClose }: Props) {
  const { t } = useTranslation('roles');
  const people = usePeopleListQuery();
  const assign = useRoleAssignMutation();
  const [chosen, setChosen] = useState<string[]>(role.holders.map((h) => h.id));

  async function save() {
    try {
      await assign.mutateAsync({ roleId: role.id, userIds: chosen });
      notify({ level: 'success', text: t('holders.saved', { name: role.name }) });
      onClose();
    } catch {
      // the API client has told the user
    }
  }

  return (
    <Modal
      open
      title={t('holders.title', { name: role.name })}
      okText={t('form.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={assign.isPending}
      okButtonProps={{ 'data-testid': 'holders-save' }}
      onOk={save}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{t('holders.help')}</Typography.Paragraph>
      <Select<string[]>
        mode="multiple"
        data-testid="holders-select"
        aria-label={t('holders.label')}
        placeholder={t('holders.placeholder')}
        style={{ width: '100%' }}
        loading={people.isPending}
        value={chosen}
        onChange={setChosen}
        showSearch={{ optionFilterProp: 'label' }}
        options={(people.data ?? []).map((p) => ({ value: p.id, label: `${fullName(p)} <${p.email}>` }))}
      />
    </Modal>
  );
}
