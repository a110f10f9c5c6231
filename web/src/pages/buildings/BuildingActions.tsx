import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { Building } from '@fleet/contract';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { useBuildingRemoveMutation } from '../../api/buildings/building-remove-mutation';
import { Guarded } from '../../components/Guarded';
import { notify } from '../../feedback/notifier';

interface Props {
  building: Building;
  manage: CanAnswer;
  onEdit: (building: Building) => void;
  /** After the building is gone (the detail screen goes back to the list). */
  onRemoved?: (() => void) | undefined;
  size?: 'small' | 'middle';
}

/**
 * Edit and remove one building; removal asks first and says what stays. In the list's rows (small) they are icons
 * named by their tooltip and accessible name, so the table fits 1280 px in every language.
 */
export function BuildingActions({ building, manage, onEdit, onRemoved, size = 'small' }: Props) {
  const { t } = useTranslation('buildings');
  const remove = useBuildingRemoveMutation();
  const { name } = building;
  const inRow = size === 'small';
  const link = inRow ? 'link' : 'default';

  async function confirmRemove() {
    try {
      await remove.mutateAsync(building.id);
      notify({ level: 'success', text: t('remove.done', { name }) });
      onRemoved?.();
    } catch {
      // the API client has told the user
    }
  }

  return (
    <Space size={4} wrap>
      <Guarded answer={manage}>
        <Button
          size={size}
          type={link}
          icon={<EditOutlined aria-hidden />}
          disabled={!manage.allowed}
          data-testid="building-edit"
          title={inRow ? t('actions.edit') : undefined}
          aria-label={t('actions.editOf', { name })}
          onClick={() => onEdit(building)}
        >
          {inRow ? null : t('actions.edit')}
        </Button>
      </Guarded>
      <Guarded answer={manage}>
        <Popconfirm
          title={t('remove.title', { name })}
          description={<div style={{ maxWidth: 320 }}>{t('remove.description')}</div>}
          okText={t('remove.ok')}
          cancelText={t('actions.cancel')}
          okButtonProps={{ danger: true, loading: remove.isPending, 'data-testid': 'building-remove-ok' }}
          disabled={!manage.allowed}
          onConfirm={confirmRemove}
        >
          <Button
            size={size}
            type={link}
            danger
            icon={<DeleteOutlined aria-hidden />}
            disabled={!manage.allowed}
            data-testid="building-remove"
            title={inRow ? t('actions.remove') : undefined}
            aria-label={t('actions.removeOf', { name })}
          >
            {inRow ? null : t('actions.remove')}
          </Button>
        </Popconfirm>
      </Guarded>
    </Space>
  );
}
