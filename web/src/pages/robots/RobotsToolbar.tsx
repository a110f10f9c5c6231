import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import type { Building } from '@fleet/contract';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { HoverTooltip } from '../../components/HoverTooltip';
import { ROBOT_STATUSES } from '../../contract-values';
import { OnDemandSelect } from '../../plain/OnDemandSelect';
import { PlainButton } from '../../plain/PlainButton';
import { PlainSearchInput } from '../../plain/PlainSearchInput';
import { SvgIcon } from '../../plain/SvgIcon';
import type { RobotFilter } from './robot-filter.utils';

interface Props {
  filter: RobotFilter;
  onFilter: (next: RobotFilter) => void;
  buildings: readonly Building[];
  models: readonly string[];
  manage: CanAnswer;
  onRegister: () => void;
}

// The filters' Selects load when first reached (OnDemandSelect): the table shows without antd's Select.
export function RobotsToolbar({ filter, onFilter, buildings, models, manage, onRegister }: Props) {
  const { t } = useTranslation(['robots', 'live']);
  const register = !manage.pending && (
    <PlainButton
      variant="primary"
      icon={<SvgIcon icon={PlusOutlined} />}
      disabled={!manage.allowed}
      onClick={onRegister}
      data-testid="robot-register"
    >
      {t('actions.register')}
    </PlainButton>
  );
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'space-between',
        gap: 12,
        marginBottom: 12,
      }}
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        <PlainSearchInput
          data-testid="robot-search"
          aria-label={t('search')}
          placeholder={t('search')}
          value={filter.search}
          onValueChange={(search) => onFilter({ ...filter, search })}
          style={{ width: 240 }}
        />
        <OnDemandSelect
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
        <OnDemandSelect
          data-testid="robot-filter-status"
          aria-label={t('filters.status')}
          placeholder={t('filters.status')}
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          value={filter.statuses}
          onChange={(statuses) => onFilter({ ...filter, statuses })}
          options={ROBOT_STATUSES.map((s) => ({ value: s, label: t(`live:status.${s}`) }))}
          style={{ width: 220 }}
        />
        <OnDemandSelect
          data-testid="robot-filter-model"
          aria-label={t('filters.model')}
          placeholder={t('filters.model')}
          allowClear
          value={filter.model}
          onChange={(model?: string) => onFilter({ ...filter, model })}
          options={models.map((m) => ({ value: m, label: m }))}
          style={{ width: 160 }}
        />
      </div>
      {register &&
        (manage.allowed ? register : <HoverTooltip title={manage.reason}>{register}</HoverTooltip>)}
    </div>
  );
}
