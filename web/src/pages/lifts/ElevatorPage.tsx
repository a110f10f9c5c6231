import { SettingOutlined } from '@ant-design/icons';
import { Badge, type BadgeProps, Button, Empty, Flex, Select, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../access/use-can';
import { useBuildingOptionsQuery } from '../../api/buildings/building-options-query';
import { useLiftBanksQuery } from '../../api/lifts/lift-banks-query';
import { useRobotNamesQuery } from '../../api/robots/robot-names-query';
import { Panel } from '../../components/Panel';
import { ScreenTitle } from '../../components/ScreenTitle';
import type { LiveStatus } from '../../live/live-socket';
import { useLiveLifts } from '../../live/use-live-lifts';
import { LiftCard } from './live/LiftCard';
import { LiftLogDrawer } from './live/LiftLogDrawer';
import { groupByBank } from './live/lift-card.utils';
import { useNow } from './live/use-now';
import { useBuildingParam } from './use-building-param';

const LINK_BADGE: Record<LiveStatus, BadgeProps['status']> = {
  live: 'success',
  connecting: 'processing',
  reconnecting: 'warning',
  unauthorized: 'default',
};

/** /elevator: every lift of a building live, grouped by bank, with what operators may do to each. */
export default function ElevatorPage() {
  const { t } = useTranslation(['lifts', 'live']);
  const navigate = useNavigate();
  const can = useCan();
  const buildings = useBuildingOptionsQuery();
  const live = useLiveLifts();
  const withLifts = useMemo(() => [...new Set(live.lifts.map((l) => l.buildingId))], [live.lifts]);
  const [buildingId, setBuildingId] = useBuildingParam(buildings.data, withLifts);
  const shown = useMemo(
    () => live.lifts.filter((l) => l.buildingId === buildingId),
    [live.lifts, buildingId],
  );
  const banks = useLiftBanksQuery(buildingId);
  const names = useRobotNamesQuery();
  const now = useNow();
  const [logOfId, setLogOf] = useState<string | null>(null);
  const logOf = live.lifts.find((l) => l.id === logOfId) ?? null;
  const bankNames = useMemo(() => new Map((banks.data ?? []).map((b) => [b.id, b.name])), [banks.data]);
  const groups = useMemo(() => groupByBank(shown, bankNames), [shown, bankNames]);
  const robotName = (id: string) => names.data?.get(id) ?? t('live.unknownRobot');
  const operate = can('lifts.operate');

  return (
    <section aria-labelledby="screen-title" data-testid="screen-elevator">
      <ScreenTitle
        extra={
          <Flex gap={8} wrap align="center">
            {!live.forbidden && (
              <Badge
                status={LINK_BADGE[live.status]}
                text={t(`live:link.${live.status}`)}
                data-testid="lift-live-status"
                data-live={live.status}
              />
            )}
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
      {!live.ready || buildings.isLoading ? (
        <Spin />
      ) : live.forbidden ? (
        <Panel style={{ padding: 32 }}>
          <Empty description={t('lifts.forbidden')} data-testid="lifts-forbidden" />
        </Panel>
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
                  onLog={() => setLogOf(l.id)}
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
