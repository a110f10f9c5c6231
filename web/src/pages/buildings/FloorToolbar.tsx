import { DeleteOutlined, EditOutlined, UploadOutlined } from '@ant-design/icons';
import type { BuildingDetail, Floor } from '@fleet/contract';
import { Button, Flex, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { useFloorRemoveMutation } from '../../api/buildings/floor-remove-mutation';
import { Guarded } from '../../components/Guarded';
import { notify } from '../../feedback/notifier';
import { FloorMapFacts } from './FloorMapFacts';

interface Props {
  building: BuildingDetail;
  floor: Floor;
  manage: CanAnswer;
  onUpload: () => void;
  onEdit: () => void;
  onRemoved: () => void;
}

/** What the floor's map is, and the floor's own actions: its map, its name and level, its removal. */
export function FloorToolbar({ building, floor, manage, onUpload, onEdit, onRemoved }: Props) {
  const { t } = useTranslation('buildings');
  const remove = useFloorRemoveMutation(building.id);
  const { name } = floor;

  async function confirmRemove() {
    try {
      await remove.mutateAsync(floor.id);
      notify({ level: 'success', text: t('floors.removed', { name }) });
      onRemoved();
    } catch {
      // the API client has told the user
    }
  }

  return (
    <Flex justify="space-between" align="flex-start" gap={12} wrap style={{ marginBottom: 12 }}>
      <FloorMapFacts map={floor.map} />
      <Space wrap>
        <Guarded answer={manage}>
          <Button
            type={floor.map ? 'default' : 'primary'}
            icon={<UploadOutlined aria-hidden />}
            disabled={!manage.allowed}
            data-testid="floor-map-upload"
            onClick={onUpload}
          >
            {floor.map ? t('map.replace') : t('map.upload')}
          </Button>
        </Guarded>
        <Guarded answer={manage}>
          <Button
            icon={<EditOutlined aria-hidden />}
            disabled={!manage.allowed}
            data-testid="floor-edit"
            aria-label={t('floors.editOf', { name })}
            onClick={onEdit}
          >
            {t('floors.edit')}
          </Button>
        </Guarded>
        <Guarded answer={manage}>
          <Popconfirm
            title={t('floors.removeTitle', { name })}
            description={<div style={{ maxWidth: 320 }}>{t('floors.removeDescription')}</div>}
            okText={t('remove.ok')}
            cancelText={t('actions.cancel')}
            okButtonProps={{ danger: true, loading: remove.isPending, 'data-testid': 'floor-remove-ok' }}
            disabled={!manage.allowed}
            onConfirm={confirmRemove}
          >
            <Button
              danger
              icon={<DeleteOutlined aria-hidden />}
              disabled={!manage.allowed}
              data-testid="floor-remove"
              aria-label={t('floors.removeOf', { name })}
            >
              {t('floors.remove')}
            </Button>
          </Popconfirm>
        </Guarded>
      </Space>
    </Flex>
  );
}
