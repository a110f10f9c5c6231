import { Badge, Flex, Select, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Heading } from '../../components/Panel';
import type { FleetStore } from '../../live/fleet-store';
import type { LiveStatus } from '../../live/live-socket';
import { useFleetList } from '../../live/use-fleet';
import type { MapPlace } from './use-map-place';

/** Building and floor pickers, how many robots are on the floor, and whether the feed is live. */
export function MapToolbar({
  place,
  store,
  link,
  lng,
}: {
  place: MapPlace;
  store: FleetStore;
  link: LiveStatus;
  lng: string;
}) {
  const { t } = useTranslation('live', { lng });
  const { token } = theme.useToken();
  const robots = useFleetList(store, 1000);
  const onFloor = place.floor ? robots.filter((r) => r.position?.mapId === place.floor?.id).length : 0;
  return (
    <Flex
      align="center"
      gap={12}
      wrap
      style={{
        padding: '8px 16px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Heading>{t('map.title')}</Heading>
      <Select
        aria-label={t('building')}
        placeholder={t('building')}
        data-testid="map-building"
        value={place.building?.id}
        onChange={(building: string) => place.choose({ building })}
        options={(place.buildings ?? []).map((b) => ({ value: b.id, label: b.name }))}
        style={{ minWidth: 200 }}
        showSearch={{ optionFilterProp: 'label' }}
      />
      <Select
        aria-label={t('floor')}
        placeholder={t('floor')}
        data-testid="map-floor"
        value={place.floor?.id}
        onChange={(floor: string) => place.choose({ floor })}
        options={(place.building?.floors ?? []).map((f) => ({ value: f.id, label: f.name }))}
        style={{ minWidth: 140 }}
      />
      <span data-testid="map-robot-count">{t('robotsOnFloor', { count: onFloor })}</span>
      <Badge
        style={{ marginInlineStart: 'auto' }}
        status={link === 'live' ? 'success' : link === 'unauthorized' ? 'error' : 'processing'}
        text={t(`link.${link}`)}
      />
    </Flex>
  );
}
