import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex, Select, Tabs } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../access/use-can';
import { useBuildingOptionsQuery } from '../../api/buildings/building-options-query';
import { useBankBuildingsQuery } from '../../api/lifts/bank-buildings-query';
import { Panel } from '../../components/Panel';
import { ScreenTitle } from '../../components/ScreenTitle';
import { BanksTab } from './config/BanksTab';
import { GatewaysTab } from './config/GatewaysTab';
import { useBuildingParam } from './use-building-param';

const TABS = ['banks', 'gateways'] as const;
type Tab = (typeof TABS)[number];

/** /elevator/config: a building's banks of lifts with their landings and policy, and the company's gateways. */
export default function ElevatorConfigPage() {
  const { t } = useTranslation('lifts');
  const navigate = useNavigate();
  const manage = useCan()('lifts.manage');
  const buildings = useBuildingOptionsQuery();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'gateways' ? 'gateways' : 'banks';
  const list = buildings.data ?? [];
  // Until one is chosen (and kept in the address), the first building with lifts is shown.
  const [buildingId, chooseBuilding] = useBuildingParam(buildings.data, useBankBuildingsQuery().data);

  const set = useCallback(
    (key: string, value: string | undefined) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return (
    <section aria-labelledby="screen-title" data-testid="screen-elevatorConfig">
      <ScreenTitle
        extra={
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate('/elevator')}>
            {t('config.back')}
          </Button>
        }
      />
      <Panel>
        <Flex align="center" gap={8} wrap style={{ marginBottom: 8 }}>
          <label htmlFor="lift-building">{t('config.building')}</label>
          <Select
            id="lift-building"
            data-testid="lift-building"
            style={{ minWidth: 260 }}
            loading={buildings.isPending}
            value={buildingId ?? undefined}
            placeholder={t('config.chooseBuilding')}
            showSearch={{ optionFilterProp: 'label' }}
            options={list.map((b) => ({ value: b.id, label: b.name }))}
            onChange={chooseBuilding}
          />
        </Flex>
        <Tabs
          activeKey={tab}
          onChange={(key) => set('tab', key === 'banks' ? undefined : key)}
          items={TABS.map((key) => ({
            key,
            label: t(`config.tabs.${key}`),
            children:
              key === 'banks' ? (
                <BanksTab
                  buildingId={buildingId ?? undefined}
                  noBuildings={buildings.isSuccess && list.length === 0}
                  manage={manage}
                  onGateways={() => set('tab', 'gateways')}
                />
              ) : (
                <GatewaysTab manage={manage} />
              ),
          }))}
        />
      </Panel>
    </section>
  );
}
