import { CloudServerOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useRegionsQuery } from '../../api/regions/regions-query';
import { changeRegion } from '../../session/session-actions';
import { useSession } from '../../session/session-store';
import { HeaderChoice } from './HeaderChoice';

/** SHELL-HEADER-REGION: choosing a region stores it and reloads the console against that region's server. */
export function RegionSelect() {
  const { t } = useTranslation('shell');
  const regions = useRegionsQuery().data ?? [];
  const current = useSession((s) => s.regionInfo);
  return (
    <HeaderChoice
      testId="region-select"
      label={t('header.region')}
      icon={<CloudServerOutlined aria-hidden />}
      value={current?.region}
      options={regions.map((r) => ({ value: r.region, label: r.label }))}
      onChange={(code) => {
        const next = regions.find((r) => r.region === code);
        if (next) changeRegion(next);
      }}
    />
  );
}
