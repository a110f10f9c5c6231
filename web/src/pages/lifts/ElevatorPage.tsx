import { SettingOutlined } from '@ant-design/icons';
import type { LiftLiveView } from '@fleet/contract';
import { Button, Empty, Flex, Select, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../access/use-can';
import { useBuildingOptionsQuery } from '../../api/buildings/building-options-query';
import { useLiftBanksQuery } from '../../api/lifts/lift-banks-query';
import { useLiveLiftsQuery } from '../../api/lifts/live-lifts-query';
import { useRobotNamesQuery } from '../../api/robots/robot-names-query';
import { Panel } from '../../components/Panel';
import { ScreenTitle } from '../../components/ScreenTitle';
import { LiftCard } from './live/LiftCard';
import { LiftLogDrawer } from './live/LiftLogDrawer';
import { groupByBank } from './live/lift-card.utils';
import { useNow } from './live/use-now';
import { useBuildingParam } from './use-building-param';

/** /elevator: every lift of a building live, grouped by bank, with what operators may do to each. */
export default function ElevatorPage() {
  const { t } = useTranslation('lifts');
  const navigate = useNavigate();
  const can = useCan();
  const buildings = useBuildingOptionsQuery();
  const lifts = useLiveLiftsQuery();
  const withLifts = useMemo(() => [...new Set((lifts.data ?? []).map((l) => l.buildingId))], [lifts.data]);
  const [buildingId, setBuildingId] = useBuildingParam(buildings.data, withLifts);
  const shown = useMemo(
    () => (lifts.data ?? []).filter((l) => l.buildingId === buildingId),
    [lifts.data, buildingId],
  );
  const banks = useLiftBanksQuery(buildingId);
  const names = useRobotNamesQuery();
  const now = useNow();
  const [logOf, setLogOf] = useState<LiftLiveView | null>(null);
  const bankNames = useMemo(() => new Map((banks.data ?? []).map((b) => [b.id, b.name])), [banks.data]);
  const groups = useMemo(() => groupByBank(shown, bankNames), [shown, bankNames]);
  const robotName = (id: string) => names.data?.get(id) ?? t('live.unknownRobot');
  const operate = can('lifts.operate');

  return (
    <section aria-labelledby="screen-title" data-testid="screen-elevator">
      <ScreenTitle
        extra={
          <Flex gap={8} wrap>
            <Select
              style={{ width: 240 }}
              aria-label={t('live.building')}
              placeholder={t('live.building')}
              loading={buildings.isLoading}
              value={buildingId ?? undefined}
              onChange={setBuildingId}
              options={(buildings.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
              data-testid="lift-building"
            />
            <Button
              icon={<SettingOutlined />}
              onClick={() => navigate(`/elevator/config${buildingId ? `?building=${buildingId}` : ''}`)}
            >
              {t('lifts.configure')}
            </Button>
          </Flex>
        }
      />
      {lifts.isLoading || buildings.isLoading ? (
        <Spin />
      ) : groups.length === 0 ? (
        <Panel style={{ padding: 32 }}>
          <Empty
            description={
              <>
                <Typography.Title level={5}>{t('lifts.empty.title')}</Typography.Title>
                <Typography.Text type="secondary">{t('lifts.empty.description')}</Typography.Text>
              </>
            }
          />
        </Panel>
      ) : (
        groups.map((g) => (
          <Panel key={g.bankId} style={{ padding: 16, marginBottom: 16 }}>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {g.name}
            </Typography.Title>
            <Flex wrap gap={16}>
              {g.lifts.map((l) => (
                <LiftCard
                  key={l.id}
                  lift={l}
                  now={now}
                  robotName={robotName}
                  operate={operate}
                  onLog={() => setLogOf(l)}
                />
              ))}
            </Flex>
          </Panel>
        ))
      )}
      {logOf && <LiftLogDrawer lift={logOf} robotName={robotName} onClose={() => setLogOf(null)} />}
    </section>
  );
}
