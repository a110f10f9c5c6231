import 'leaflet/dist/leaflet.css';
import { Alert, Empty, Flex, Spin, Typography, theme } from 'antd';
import { icon } from 'leaflet';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, TileLayer, Tooltip, ZoomControl } from 'react-leaflet';
import { useBuildingOptionsQuery } from '../../api/buildings/building-options-query';
import { useClientConfigQuery } from '../../api/common/client-config-query';
import { useTileState } from './use-tile-state';
import { boundsOfBuildings, placedBuildings } from './world-map.utils';

// Leaflet finds its default marker images by a CSS path that a bundler rewrites away: name them here.
const BUILDING_ICON = icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  tooltipAnchor: [1, -34],
  shadowSize: [41, 41],
});

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/**
 * The buildings that have a position, on the configured map tiles (OpenStreetMap by default, MAP_TILES_URL)
 * where they can be reached. Where they cannot (no internet on site, a blocked host) the markers stay on a plain
 * grid and a note says why; with no tiles configured the grid is all there is, without a note.
 */
export default function WorldMap({ onOpen }: { onOpen: (buildingId: string) => void }) {
  const { t } = useTranslation(['buildings', 'live']);
  const { token } = theme.useToken();
  const buildings = useBuildingOptionsQuery();
  const tiles = useTileState();
  const tilesUrl = useClientConfigQuery().data?.mapTilesUrl ?? null;
  const placed = useMemo(() => placedBuildings(buildings.data ?? []), [buildings.data]);
  const bounds = useMemo(() => boundsOfBuildings(placed), [placed]);
  const unplaced = (buildings.data?.length ?? 0) - placed.length;
  const labelled = tiles.state === 'failed' || !tilesUrl;

  if (buildings.isPending)
    return <Spin style={{ display: 'block', margin: '48px auto' }} aria-label={t('world.loading')} />;
  if (!bounds) return <Empty style={{ paddingBlock: 48 }} description={t('world.none')} />;

  const line = token.colorBorderSecondary;
  const plainGrid = `linear-gradient(${line} 1px, transparent 1px) 0 0 / 48px 48px, linear-gradient(90deg, ${line} 1px, transparent 1px) 0 0 / 48px 48px, ${token.colorBgLayout}`;

  return (
    <Flex vertical gap={12}>
      {tilesUrl && tiles.state === 'failed' && (
        <Alert type="warning" showIcon data-testid="world-map-tiles-failed" title={t('world.tilesFailed')} />
      )}
      <section
        aria-label={t('world.label')}
        data-testid="world-map"
        data-tiles={tiles.state}
        style={{ height: 480, borderRadius: token.borderRadiusLG, overflow: 'hidden' }}
      >
        <MapContainer
          bounds={bounds}
          boundsOptions={{ padding: [48, 48], maxZoom: 14 }}
          style={{ height: '100%', background: plainGrid }}
          worldCopyJump
          zoomControl={false}
        >
          <ZoomControl zoomInTitle={t('live:floorMap.zoomIn')} zoomOutTitle={t('live:floorMap.zoomOut')} />
          {tilesUrl && (
            <TileLayer
              url={tilesUrl}
              attribution={tilesUrl.includes('openstreetmap.org') ? ATTRIBUTION : undefined}
              eventHandlers={{ tileload: tiles.onTileLoad, tileerror: tiles.onTileError }}
            />
          )}
          {placed.map((b) => (
            <Marker
              key={b.id}
              position={[b.latitude, b.longitude]}
              icon={BUILDING_ICON}
              alt={b.name}
              eventHandlers={{ click: () => onOpen(b.id) }}
            >
              {/* Without tiles nothing else says where a marker is: its name stays on. Remounted on change,
                  as Leaflet reads `permanent` only when the tooltip is made. */}
              <Tooltip key={String(labelled)} direction="top" permanent={labelled}>
                {b.name}
              </Tooltip>
            </Marker>
          ))}
        </MapContainer>
      </section>
      {unplaced > 0 && (
        <Typography.Text type="secondary">{t('world.unplaced', { count: unplaced })}</Typography.Text>
      )}
    </Flex>
  );
}
