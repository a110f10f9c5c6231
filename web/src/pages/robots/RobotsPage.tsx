import type { Building, LiveRobot, RobotCredentials } from '@fleet/contract';
import { Empty } from 'antd';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../access/use-can';
import { useBuildingOptionsQuery } from '../../api/buildings/building-options-query';
import { Panel } from '../../components/Panel';
import { ScreenTitle } from '../../components/ScreenTitle';
import { useFleetListing, useFleetReady } from '../../live/use-fleet';
import { useLiveFleet } from '../../live/use-live-fleet';
import { RobotTable } from '../../plain/RobotTable';
import { Spinner } from '../../plain/Spinner';
import { FleetSummary } from './FleetSummary';
import { RobotsToolbar } from './RobotsToolbar';
import {
  countByStatus,
  filterRobots,
  modelsOf,
  NO_FILTER,
  type RobotFilter,
  sortByAttentionThenName,
} from './robot-filter.utils';
import { useBuildingFloors } from './use-building-floors';
import { useTableHeight } from './use-table-height';

// The drawer and the dialogs bring the floor map, forms and descriptions: loaded when first opened, so the
// table shows sooner.
const RobotDrawer = lazy(() => import('./RobotDrawer'));
const RobotFormModal = lazy(() => import('./RobotFormModal'));
const RobotCredentialsModal = lazy(() => import('./RobotCredentialsModal'));

/** The table shows no position or speed: moving robots come every two seconds (the drawer follows its floor live). */
const LIST_PACE = { pace: 'list' } as const;

type Dialog =
  | { kind: 'register' }
  | { kind: 'edit'; robot: LiveRobot }
  | { kind: 'credentials'; credentials: RobotCredentials };

const NO_BUILDINGS: Building[] = [];

export default function RobotsPage() {
  const { t } = useTranslation('robots');
  const can = useCan();
  const { store, status } = useLiveFleet(LIST_PACE);
  // While the table scrolls its order holds still (rows keep showing their robots' latest state): no row jumps
  // under the pointer, and 10,000 robots are not filtered and sorted again in the middle of the gesture.
  const [scrolling, setScrolling] = useState(false);
  const robots = useFleetListing(store, 500, scrolling);
  const ready = useFleetReady(store);
  const [filter, setFilter] = useState<RobotFilter>(NO_FILTER);
  const [dialog, setDialog] = useState<Dialog>();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('robot') ?? undefined;
  const buildingList = useBuildingOptionsQuery().data ?? NO_BUILDINGS;
  const buildings = useMemo(() => new Map(buildingList.map((b) => [b.id, b])), [buildingList]);
  const buildingIds = useMemo(
    () => [...new Set(robots.flatMap((r) => (r.buildingId ? [r.buildingId] : [])))].sort(),
    [robots],
  );
  const floors = useBuildingFloors(buildingIds);
  const floorNames = useMemo(() => new Map([...floors].map(([id, f]) => [id, f.name])), [floors]);
  const shown = useMemo(() => sortByAttentionThenName(filterRobots(robots, filter)), [robots, filter]);
  const counts = useMemo(() => countByStatus(robots), [robots]);
  const models = useMemo(() => modelsOf(robots), [robots]);
  const height = useTableHeight();
  const manage = can('robots.manage');

  const open = useCallback(
    (id: string | undefined) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (id) next.set('robot', id);
          else next.delete('robot');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const toggleStatus = (s: LiveRobot['status']) =>
    setFilter((f) => ({
      ...f,
      statuses: f.statuses.includes(s) ? f.statuses.filter((x) => x !== s) : [...f.statuses, s],
    }));

  return (
    <section aria-labelledby="screen-title" data-testid="screen-robots">
      <ScreenTitle />
      <Panel>
        <RobotsToolbar
          filter={filter}
          onFilter={setFilter}
          buildings={buildingList}
          models={models}
          manage={manage}
          onRegister={() => setDialog({ kind: 'register' })}
        />
        <FleetSummary
          counts={counts}
          total={robots.length}
          link={status}
          selected={filter.statuses}
          onToggle={toggleStatus}
        />
        {!ready ? (
          <div role="status" style={{ display: 'flex', gap: 12, justifyContent: 'center', padding: 48 }}>
            <Spinner />
            <span>{t('loading')}</span>
          </div>
        ) : robots.length === 0 ? (
          <Empty
            style={{ paddingBlock: 48 }}
            description={
              <>
                <strong>{t('robots.empty.title')}</strong>
                <div>{t('robots.empty.description')}</div>
              </>
            }
          />
        ) : (
          <RobotTable
            store={store}
            robots={shown}
            buildings={buildings}
            floorNames={floorNames}
            selectedId={selectedId}
            onOpen={open}
            height={height}
            onScrolling={setScrolling}
            empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
          />
        )}
      </Panel>
      <Suspense fallback={null}>
        {selectedId && (
          <RobotDrawer
            store={store}
            robotId={selectedId}
            buildings={buildings}
            floors={floors}
            onClose={() => open(undefined)}
            onEdit={(id) => {
              const robot = store.get(id);
              if (robot) setDialog({ kind: 'edit', robot });
            }}
            onCredentials={(credentials) => setDialog({ kind: 'credentials', credentials })}
          />
        )}
        {(dialog?.kind === 'register' || dialog?.kind === 'edit') && (
          <RobotFormModal
            robot={dialog.kind === 'edit' ? dialog.robot : undefined}
            buildings={buildingList}
            onClose={() => setDialog(undefined)}
            onRegistered={(credentials) => setDialog({ kind: 'credentials', credentials })}
          />
        )}
        {dialog?.kind === 'credentials' && (
          <RobotCredentialsModal credentials={dialog.credentials} onClose={() => setDialog(undefined)} />
        )}
      </Suspense>
    </section>
  );
}
