import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { Building } from '@fleet/contract';
import { Button, Flex, Input, Select, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { ROBOT_STATUSES } from '../../contract-values';
import type { RobotFilter } from './robot-filter.utils';

interface Props {
  filter: RobotFilter;
  onFilter: (next: RobotFilter) => void;
  buildings: readonly Building[];
  models: readonly string[];
  manage: CanAnswer;
  onRegister: () => void;
}

export function RobotsToolbar({ filter, onFilter, buildings, models, manage, onRegister }: Props) {
  const { t } = useTranslation(['robots', 'map']);
  return (
    <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 12 }}>
      <Flex gap={8} wrap>
        <Input
          data-testid="robot-search"
          aria-label={t('search')}
          placeholder={t('search')}
          prefix={<SearchOutlined aria-hidden />}
          allowClear
          value={filter.search}
          onChange={(e) => onFilter({ ...filter, search: e.target.value })}
          style={{ width: 240 }}
        />
        <Select
          data-testid="robot-filter-building"
          aria-label={t('filters.building')}
          placeholder={t('filters.building')}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={filter.buildingId}
          onChange={(buildingId?: string) => onFilter({ ...filter, buildingId })}
          options={buildings.map((b) => ({ value: b.id, label: b.name }))}
          style={{ width: 200 }}
        />
        <Select
          data-testid="robot-filter-status"
          aria-label={t('filters.status')}
          placeholder={t('filters.status')}
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          value={filter.statuses}
          onChange={(statuses) => onFilter({ ...filter, statuses })}
          options={ROBOT_STATUSES.map((s) => ({ value: s, label: t(`map:status.${s}`) }))}
          style={{ width: 220 }}
        />
        <Select
          data-testid="robot-filter-model"
          aria-label={t('filters.model')}
          placeholder={t('filters.model')}
          allowClear
          value={filter.model}
          onChange={(model?: string) => onFilter({ ...filter, model })}
          options={models.map((m) => ({ value: m, label: m }))}
          style={{ width: 160 }}
        />
      </Flex>
      {!manage.pending && (
        <Tooltip title={manage.allowed ? undefined : manage.reason}>
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            disabled={!manage.allowed}
            onClick={onRegister}
            data-testid="robot-register"
          >
            {t('actions.register')}
          </Button>
        </Tooltip>
      )}
    </Flex>
  );
}
