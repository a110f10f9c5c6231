import {
  AUDIO_DEPLOY_STATES,
  type AudioDeployState,
  type AudioGroup,
  type DeploymentCounts,
  type GroupRobot,
} from '@fleet/contract';

/** While a robot is on its way to a version, its row moves every second or two; otherwise rarely. */
export const ROBOTS_MOVING_REFRESH_MS = 2000;
export const ROBOTS_IDLE_REFRESH_MS = 15_000;

/** Left to right in the progress bar: done, under way, waiting, then what will not arrive. */
export const PROGRESS_ORDER: readonly AudioDeployState[] = [
  'ready',
  'downloading',
  'queued',
  'failed',
  'unsupported',
  'superseded',
];

/** antd's preset colours for each state's tag and bar segment. */
export const STATE_COLORS: Readonly<Record<AudioDeployState, string>> = {
  ready: 'green',
  downloading: 'blue',
  queued: 'gold',
  failed: 'red',
  unsupported: 'default',
  superseded: 'purple',
};

export interface ProgressSegment {
  state: AudioDeployState;
  count: number;
  /** Of all target robots, 0..100. */
  percent: number;
}

export interface ProgressSummary {
  total: number;
  ready: number;
  /** Robots that should get the version and have not yet (queued, downloading). */
  moving: number;
  failed: number;
  /** Non-empty states only, in PROGRESS_ORDER. */
  segments: ProgressSegment[];
}

export function progressOf(counts: DeploymentCounts): ProgressSummary {
  const total = AUDIO_DEPLOY_STATES.reduce((sum, s) => sum + (counts[s] ?? 0), 0);
  const segments = PROGRESS_ORDER.filter((s) => (counts[s] ?? 0) > 0).map((state) => ({
    state,
    count: counts[state],
    percent: total ? (counts[state] / total) * 100 : 0,
  }));
  return {
    total,
    ready: counts.ready ?? 0,
    moving: (counts.queued ?? 0) + (counts.downloading ?? 0),
    failed: counts.failed ?? 0,
    segments,
  };
}

const movingState = (s: AudioDeployState) => s === 'queued' || s === 'downloading';

/**
 * How often the robots' table (and the group's counts) is asked again: every 2 s while any robot is queued or
 * downloading, whether the group's counts or the rows on screen say so; else every 15 s.
 */
export function robotsRefreshMs(
  counts: DeploymentCounts | undefined,
  rows: readonly Pick<GroupRobot, 'state'>[] = [],
): number {
  const moving = (counts ? progressOf(counts).moving > 0 : false) || rows.some((r) => movingState(r.state));
  return moving ? ROBOTS_MOVING_REFRESH_MS : ROBOTS_IDLE_REFRESH_MS;
}

/** The version a rollback brings back: the newest one before the active one (none before v1 or unpublished). */
export function previousVersion(group: Pick<AudioGroup, 'activeVersion' | 'versions'>): number | undefined {
  const active = group.activeVersion;
  if (active === null) return undefined;
  const before = group.versions.map((v) => v.version).filter((v) => v < active);
  return before.length ? Math.max(...before) : undefined;
}

/** A robot's own retry: anything but superseded (another pack won; publishing decides that). */
export const retryableState = (state: AudioDeployState) => state !== 'superseded';
