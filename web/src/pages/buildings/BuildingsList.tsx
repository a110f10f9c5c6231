import type { Building } from '@fleet/contract';
import { Spin } from 'antd';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useCan } from '../../access/use-can';
import { useBuildingsSearchQuery } from '../../api/buildings/buildings-search-query';
import { Panel } from '../../components/Panel';
import { FIRST_SEARCH_PAGE, usePagedSearch } from '../../components/use-paged-search';
import { BuildingFormModal } from './BuildingFormModal';
import { BuildingsTable } from './BuildingsTable';
import { BuildingsToolbar } from './BuildingsToolbar';
import { buildingSearchBody } from './buildings-list.utils';

// Leaflet and its styles load only when someone looks at the world map.
const WorldMap = lazy(() => import('./WorldMap'));

type Dialog = { kind: 'create' } | { kind: 'edit'; building: Building };

interface Props {
  view: 'table' | 'map';
  onView: (view: 'table' | 'map') => void;
  onOpen: (buildingId: string) => void;
}

/** The company's buildings as a searchable, paged table or on a world map. */
export function BuildingsList({ view, onView, onOpen }: Props) {
  const can = useCan();
  const manage = can('buildings.manage');
  const search = usePagedSearch(FIRST_SEARCH_PAGE);
  const list = useBuildingsSearchQuery(buildingSearchBody(search.state));
  const [dialog, setDialog] = useState<Dialog>();
  const openBuilding = useCallback((b: Building) => onOpen(b.id), [onOpen]);
  const edit = useCallback((building: Building) => setDialog({ kind: 'edit', building }), []);

  return (
    <Panel>
      <BuildingsToolbar
        view={view}
        onView={onView}
        typed={search.typed}
        onTyped={search.setTyped}
        manage={manage}
        onCreate={() => setDialog({ kind: 'create' })}
      />
      {view === 'map' ? (
        <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
          <WorldMap onOpen={onOpen} />
        </Suspense>
      ) : (
        <BuildingsTable
          page={list.data}
          loading={list.isFetching}
          state={search.state}
          onPage={(page, pageSize) => search.update({ page, pageSize })}
          manage={manage}
          onOpen={openBuilding}
          onEdit={edit}
        />
      )}
      {dialog?.kind === 'create' && (
        <BuildingFormModal onClose={() => setDialog(undefined)} onCreated={(b) => onOpen(b.id)} />
      )}
      {dialog?.kind === 'edit' && (
        <BuildingFormModal building={dialog.building} onClose={() => setDialog(undefined)} />
      )}
    </Panel>
  );
}
