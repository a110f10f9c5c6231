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

export interface TagStyle {
  color: string;
  background: string;
  borderColor: string;
}

/**
 * Status tags in the same hues, dark enough to read: antd's preset tags put shade 7 on shade 1 (green and cyan
 * read at 3.4:1, under WCAG AA's 4.5:1), and overriding those shades in the theme did not reach the tags (axe
 * still measured 3.4:1). Text in shade 8–9 reads above 6:1.
 */
export const STATUS_TAG_STYLES: Record<RobotStatus, TagStyle> = {
  working: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  idle: { color: '#00474f', background: '#e6fffb', borderColor: '#87e8de' },
  charging: { color: '#002c8c', background: '#e6f4ff', borderColor: '#91caff' },
  paused: { color: '#613400', background: '#fffbe6', borderColor: '#ffe58f' },
  error: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
  offline: { color: 'rgba(0, 0, 0, 0.72)', background: '#fafafa', borderColor: '#d9d9d9' },
};

/** "No signal": a robot that has gone quiet, in the paused hue with a dashed border. */
export const STALE_TAG_STYLE: TagStyle = { color: '#613400', background: '#fffbe6', borderColor: '#faad14' };
