import type { FloorMap } from '@fleet/contract';
import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../../components/DateTimeText';
import { useUnits } from '../../units/use-units';

/** How big the floor's map is, in the user's units, and when it came; or that it has none yet. */
export function FloorMapFacts({ map }: { map: FloorMap | null }) {
  const { t } = useTranslation('buildings');
  const units = useUnits();
  if (!map) {
    return (
      <Alert
        type="info"
        showIcon
        style={{ flex: '1 1 320px' }}
        title={t('map.none')}
        description={t('map.noneHelp')}
        data-testid="floor-map-none"
      />
    );
  }
  const width = map.bounds.maxX - map.bounds.minX;
  const height = map.bounds.maxY - map.bounds.minY;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 3 }}
      style={{ flex: '1 1 320px' }}
      data-testid="floor-map-facts"
      items={[
        {
          key: 'size',
          label: t('map.size'),
          children: (
            <span data-testid="floor-map-size" style={{ whiteSpace: 'nowrap' }}>
              {t('map.extent', { width: units.length(width), height: units.length(height) })}
            </span>
          ),
        },
        {
          key: 'resolution',
          label: t('map.resolution'),
          children: `${t('map.perPixel', { length: units.length(map.resolution, 3) })} · ${t('map.pixels', {
            width: map.width,
            height: map.height,
          })}`,
        },
        { key: 'uploaded', label: t('map.uploaded'), children: <DateTimeText iso={map.uploadedAt} /> },
      ]}
    />
  );
}
