import type { DeviceLive } from '@fleet/contract';
import { Badge, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BatteryText } from '../robots/BatteryText';

/** Online or offline, the battery, and the signal strength in words a person reads at a glance. */
export function DeviceStatus({ live }: { live: DeviceLive }) {
  const { t } = useTranslation('devices');
  return (
    <Space size={12} wrap data-testid="device-status">
      <Badge
        status={live.online ? 'success' : 'default'}
        text={live.online ? t('live.online') : t('live.offline')}
      />
      <BatteryText level={live.battery} charging={false} />
      {live.rssi !== null && (
        <Typography.Text type="secondary" title={`${live.rssi} dBm`}>
          {t(`live.signal.${signalOf(live.rssi)}`)}
        </Typography.Text>
      )}
    </Space>
  );
}

/** Received signal strength in four steps, as phones show it. */
export function signalOf(rssi: number): 'excellent' | 'good' | 'fair' | 'poor' {
  if (rssi >= -60) return 'excellent';
  if (rssi >= -70) return 'good';
  if (rssi >= -80) return 'fair';
  return 'poor';
}
