import { DownloadOutlined, PlusOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { DEVICE_TYPES, type DeviceType } from '@fleet/contract';
import { Button, Checkbox, Flex, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { useBuildingOptionsQuery } from '../../api/buildings/building-options-query';
import { downloadDevicesCsv } from '../../api/devices/devices-export';
import { Guarded } from '../../components/Guarded';
import type { DeviceListState } from './devices-list.utils';

interface Props {
  typed: string;
  onTyped: (value: string) => void;
  state: DeviceListState;
  onFilter: (next: Partial<DeviceListState>) => void;
  manage: CanAnswer;
  onRegister: () => void;
  onBulkBind: () => void;
}

/** Search, the filters (building, type, online, low battery, unbound), and what a manager can start from here. */
export function DevicesToolbar({ typed, onTyped, state, onFilter, manage, onRegister, onBulkBind }: Props) {
  const { t } = useTranslation('devices');
  const buildings = useBuildingOptionsQuery();
  const [exporting, setExporting] = useState(false);
  const online = state.online === undefined ? 'any' : state.online ? 'online' : 'offline';

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadDevicesCsv(`${t('export.fileName')}.csv`);
    } catch {
      // the user has been told
    } finally {
      setExporting(false);
    }
  }

  return (
    <Flex vertical gap={12} style={{ marginBottom: 16 }}>
      <Flex justify="space-between" gap={12} wrap>
        <Input
          data-testid="devices-search"
          aria-label={t('search')}
          placeholder={t('search')}
          prefix={<SearchOutlined aria-hidden />}
          allowClear
          value={typed}
          onChange={(e) => onTyped(e.target.value)}
          style={{ width: 280 }}
        />
        <Flex gap={8} wrap>
          <Button
            icon={<DownloadOutlined aria-hidden />}
            loading={exporting}
            onClick={exportCsv}
            data-testid="devices-export"
          >
            {t('actions.export')}
          </Button>
          {!manage.pending && (
            <>
              <Guarded answer={manage}>
                <Button
                  icon={<UploadOutlined aria-hidden />}
                  disabled={!manage.allowed}
                  onClick={onBulkBind}
                  data-testid="devices-bulk-bind"
                >
                  {t('actions.bulkBind')}
                </Button>
              </Guarded>
              <Guarded answer={manage}>
                <Button
                  type="primary"
                  icon={<PlusOutlined aria-hidden />}
                  disabled={!manage.allowed}
                  onClick={onRegister}
                  data-testid="device-register"
                >
                  {t('actions.register')}
                </Button>
              </Guarded>
            </>
          )}
        </Flex>
      </Flex>
      <Flex gap={12} wrap align="center">
        <Select
          aria-label={t('filters.building')}
          placeholder={t('filters.building')}
          allowClear
          style={{ width: 220 }}
          value={state.buildingId}
          onChange={(buildingId?: string) => onFilter({ buildingId, unbound: false, page: 1 })}
          options={(buildings.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
          data-testid="devices-filter-building"
        />
        <Select<DeviceType>
          aria-label={t('filters.type')}
          placeholder={t('filters.type')}
          allowClear
          style={{ width: 180 }}
          value={state.type}
          onChange={(type?: DeviceType) => onFilter({ type, page: 1 })}
          options={DEVICE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          data-testid="devices-filter-type"
        />
        <Select<'any' | 'online' | 'offline'>
          aria-label={t('filters.online')}
          style={{ width: 150 }}
          value={online}
          onChange={(v) => onFilter({ online: v === 'any' ? undefined : v === 'online', page: 1 })}
          options={[
            { value: 'any', label: t('filters.anyStatus') },
            { value: 'online', label: t('live.online') },
            { value: 'offline', label: t('live.offline') },
          ]}
          data-testid="devices-filter-online"
        />
        <Checkbox
          checked={state.lowBattery}
          onChange={(e) => onFilter({ lowBattery: e.target.checked, page: 1 })}
        >
          {t('filters.lowBattery')}
        </Checkbox>
        <Checkbox
          checked={state.unbound}
          onChange={(e) => onFilter({ unbound: e.target.checked, buildingId: undefined, page: 1 })}
          data-testid="devices-filter-unbound"
        >
          {t('filters.unbound')}
        </Checkbox>
      </Flex>
    </Flex>
  );
}
