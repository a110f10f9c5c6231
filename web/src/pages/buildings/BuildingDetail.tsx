import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../access/use-can';
import { hasErrorCode } from '../../api/api-error';
import { useBuildingQuery } from '../../api/buildings/building-query';
import { Panel } from '../../components/Panel';
import { useLiveFleet } from '../../live/use-live-fleet';
import { BuildingHeader } from './BuildingHeader';
import { BuildingRobots } from './BuildingRobots';
import { FloorTabs } from './FloorTabs';

interface Props {
  buildingId: string;
  floorId: string | undefined;
  onFloor: (floorId: string | undefined) => void;
  onBack: () => void;
}

/** One building: its facts, its floors with their maps and stations, and the robots inside it now. */
export function BuildingDetail({ buildingId, floorId, onFloor, onBack }: Props) {
  const { t } = useTranslation('buildings');
  const manage = useCan()('buildings.manage');
  const building = useBuildingQuery(buildingId);
  // The whole building, not one floor: the robots table lists every floor; the map draws only its own.
  const live = useLiveFleet({ buildingId });
  const back = (
    <Button icon={<ArrowLeftOutlined aria-hidden />} data-testid="building-back" onClick={onBack}>
      {t('actions.back')}
    </Button>
  );

  if (building.isPending) {
    return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  }
  if (!building.data) {
    return (
      <Panel>
        <Result
          status={hasErrorCode(building.error, 'NOT_FOUND') ? '404' : 'warning'}
          title={t('detail.notFound')}
          extra={back}
        />
      </Panel>
    );
  }

  return (
    <Flex vertical gap={16} data-testid="building-detail">
      <BuildingHeader building={building.data} manage={manage} back={back} onRemoved={onBack} />
      <FloorTabs
        building={building.data}
        floorId={floorId}
        onFloor={onFloor}
        manage={manage}
        store={live.store}
      />
      <BuildingRobots building={building.data} store={live.store} />
    </Flex>
  );
}
