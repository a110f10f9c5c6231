import { Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROBOT_STATUSES } from '../../contract-values';
import { STATUS_COLOURS } from './robot-colours';

/** What each robot colour means. */
export function MapLegend({ lng }: { lng?: string }) {
  const { t } = useTranslation('live', { lng });
  const { token } = theme.useToken();
  return (
    <Flex
      wrap
      gap={10}
      aria-label={t('floorMap.legend')}
      style={{
        position: 'absolute',
        right: 8,
        bottom: 8,
        // The scale bar holds the bottom-left corner: on a narrow screen (a phone) the legend wraps beside it.
        maxWidth: 'calc(100% - 150px)',
        justifyContent: 'flex-end',
        padding: '4px 8px',
        fontSize: 12,
        borderRadius: token.borderRadius,
        background: token.colorBgElevated,
        boxShadow: token.boxShadowTertiary,
        pointerEvents: 'none',
      }}
    >
      {ROBOT_STATUSES.map((status) => (
        <Flex key={status} align="center" gap={4}>
          <span
            aria-hidden
            style={{
              width: 10,
              height: 10,
              borderRadius: 5,
              background: STATUS_COLOURS[status],
              display: 'inline-block',
            }}
          />
          {t(`status.${status}`)}
        </Flex>
      ))}
    </Flex>
  );
}
