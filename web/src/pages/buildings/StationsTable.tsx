import { DeleteOutlined, EditOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { Station } from '@fleet/contract';
import { Button, Popconfirm, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { useStationRemoveMutation } from '../../api/buildings/station-remove-mutation';
import { Guarded } from '../../components/Guarded';
import { notify } from '../../feedback/notifier';
import { useUnits } from '../../units/use-units';
import { degreesOf } from './station-form.utils';

interface Props {
  buildingId: string;
  floorId: string;
  stations: Station[];
  loading: boolean;
  manage: CanAnswer;
  onEdit: (station: Station) => void;
}

export function StationsTable({ buildingId, floorId, stations, loading, manage, onEdit }: Props) {
  const { t } = useTranslation('buildings');
  const units = useUnits();
  const remove = useStationRemoveMutation(buildingId, floorId);

  async function confirmRemove(s: Station) {
    try {
      await remove.mutateAsync(s.id);
      notify({ level: 'success', text: t('stations.removed', { name: s.name }) });
    } catch {
      // the API client has told the user
    }
  }

  const columns: TableColumnsType<Station> = [
    {
      title: t('stations.name'),
      key: 'name',
      render: (_, s) => (
        <Space size={4} wrap>
          <span data-testid="station-name">{s.name}</span>
          {s.charger && (
            <Tag color="blue" icon={<ThunderboltOutlined aria-hidden />}>
              {t('stations.chargerTag')}
            </Tag>
          )}
        </Space>
      ),
    },
    {
      title: t('stations.position'),
      key: 'position',
      render: (_, s) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {units.length(s.x, 2)}, {units.length(s.y, 2)}
        </span>
      ),
    },
    {
      title: t('stations.heading'),
      key: 'heading',
      align: 'right',
      render: (_, s) => `${degreesOf(s.theta)}°`,
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      render: (_, s) => (
        <Space size={0}>
          <Guarded answer={manage}>
            <Button
              size="small"
              type="text"
              icon={<EditOutlined aria-hidden />}
              disabled={!manage.allowed}
              data-testid="station-edit"
              aria-label={t('stations.editOf', { name: s.name })}
              onClick={() => onEdit(s)}
            />
          </Guarded>
          <Guarded answer={manage}>
            <Popconfirm
              title={t('stations.removeTitle', { name: s.name })}
              okText={t('remove.ok')}
              cancelText={t('actions.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'station-remove-ok' }}
              disabled={!manage.allowed}
              onConfirm={() => confirmRemove(s)}
            >
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                disabled={!manage.allowed}
                data-testid="station-remove"
                aria-label={t('stations.removeOf', { name: s.name })}
              />
            </Popconfirm>
          </Guarded>
        </Space>
      ),
    },
  ];

  return (
    <Table<Station>
      rowKey="id"
      size="small"
      data-testid="stations-table"
      columns={columns}
      dataSource={stations}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content', y: 360 }}
      locale={{ emptyText: t('stations.empty') }}
    />
  );
}
