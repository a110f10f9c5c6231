import type { RobotStatus } from '@fleet/contract';

/** One colour per status, the same on the map, in the table's tags and in the legend. */
export const STATUS_COLOURS: Record<RobotStatus, string> = {
  working: '#52c41a',
  idle: '#13c2c2',
  charging: '#1677ff',
  paused: '#faad14',
  error: '#ff4d4f',
  offline: '#8c8c8c',
};

/** antd Tag colour names for the same statuses. */
export const STATUS_TAG_COLOURS: Record<RobotStatus, string> = {
  working: 'green',
  idle: 'cyan',
  charging: 'blue',
  paused: 'gold',
  error: 'red',
  offline: 'default',
};
