import { Empty, Flex, Spin, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFloorStationsQuery } from '../../api/buildings/floor-stations-query';
import { FloorMap } from '../../components/floor-map/FloorMap';
import { geometryOf } from '../../components/floor-map/floor-geometry';
import { LocaleProvider } from '../../i18n/LocaleProvider';
import { DEFAULT_LANGUAGE } from '../../i18n/language';
import { useLiveFleet } from '../../live/use-live-fleet';
import { useRouteEntry } from '../../router/use-route-entry';
import { MapToolbar } from './MapToolbar';
import { useMapPlace } from './use-map-place';

/** Read by screen readers, not drawn: the compact map has no room for a title. */
const VISUALLY_HIDDEN: React.CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/**
 * The full-window map screens (/map/en, /miniMap/zh…) are embedded by other apps: their language comes
 * from the path, not from the console user's choice, and they have no header or menu. The miniMap is the
 * bare map, compact, optionally following one robot.
 */
export function MapScreen({ section }: { section: 'map' | 'miniMap' }) {
  const lng = useRouteEntry()?.lng ?? DEFAULT_LANGUAGE;
  const { t } = useTranslation('live', { lng });
  const { token } = theme.useToken();
  const place = useMapPlace();
  const floorId = place.floor?.id;
  const live = useLiveFleet({ buildingId: place.building?.id, floorId });
  const stations = useFloorStationsQuery(floorId);
  const compact = section === 'miniMap';

  let body: React.ReactNode;
  if (place.loading) body = <Spin style={{ margin: 'auto' }} />;
  else if (!place.building || !place.floor) {
    body = (
      <Empty
        style={{ margin: 'auto', color: token.colorTextSecondary }}
        description={t(place.building ? 'noFloor' : 'noBuilding')}
      />
    );
  } else {
    body = (
      <FloorMap
        store={live.store}
        floorId={floorId}
        geometry={geometryOf(place.floor.map)}
        stations={compact ? undefined : stations.data}
        followId={place.robotId}
        selectedId={place.robotId}
        compact={compact}
        lng={lng}
        style={{ flex: 1, borderRadius: 0 }}
      />
    );
  }

  return (
    <LocaleProvider lng={lng}>
      <main
        lang={lng === 'zh' ? 'zh-CN' : 'en'}
        data-testid={`screen-${section}`}
        aria-label={t(`${section}.title`)}
        style={{ height: '100vh', display: 'flex', flexDirection: 'column', background: token.colorBgLayout }}
      >
        {compact && <h1 style={VISUALLY_HIDDEN}>{t('miniMap.title')}</h1>}
        {!compact && <MapToolbar place={place} store={live.store} link={live.status} lng={lng} />}
        <Flex flex={1} style={{ minHeight: 0 }}>
          {body}
        </Flex>
      </main>
    </LocaleProvider>
  );
}
