import type { DeploymentCounts } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import {
  previousVersion,
  progressOf,
  ROBOTS_IDLE_REFRESH_MS,
  ROBOTS_MOVING_REFRESH_MS,
  retryableState,
  robotsRefreshMs,
} from './deployment.utils';

const counts = (c: Partial<DeploymentCounts>): DeploymentCounts => ({
  queued: 0,
  downloading: 0,
  ready: 0,
  failed: 0,
  unsupported: 0,
  superseded: 0,
  ...c,
});

describe('progressOf', () => {
  it('counts every target robot, ready ones, those on their way and failed ones', () => {
    const p = progressOf(counts({ ready: 5, downloading: 2, queued: 1, failed: 1, superseded: 1 }));
    expect(p).toMatchObject({ total: 10, ready: 5, moving: 3, failed: 1 });
  });

  it('draws only the states that have robots, done first, as shares of all', () => {
    const p = progressOf(counts({ failed: 1, ready: 3 }));
    expect(p.segments).toEqual([
      { state: 'ready', count: 3, percent: 75 },
      { state: 'failed', count: 1, percent: 25 },
    ]);
  });

  it('reads an unpublished group as nothing at all', () => {
    expect(progressOf(counts({}))).toEqual({ total: 0, ready: 0, moving: 0, failed: 0, segments: [] });
  });
});

describe('robotsRefreshMs', () => {
  it('follows closely while any robot is queued or downloading, by the counts or by the rows on screen', () => {
    expect(robotsRefreshMs(counts({ queued: 1 }))).toBe(ROBOTS_MOVING_REFRESH_MS);
    expect(robotsRefreshMs(counts({ downloading: 3, ready: 2 }))).toBe(ROBOTS_MOVING_REFRESH_MS);
    expect(robotsRefreshMs(counts({ ready: 4 }), [{ state: 'downloading' }])).toBe(ROBOTS_MOVING_REFRESH_MS);
    expect(robotsRefreshMs(undefined, [{ state: 'queued' }])).toBe(ROBOTS_MOVING_REFRESH_MS);
  });

  it('asks rarely once every robot is settled, failed ones included', () => {
    expect(robotsRefreshMs(counts({ ready: 4, failed: 2, unsupported: 1, superseded: 1 }))).toBe(
      ROBOTS_IDLE_REFRESH_MS,
    );
    expect(robotsRefreshMs(undefined)).toBe(ROBOTS_IDLE_REFRESH_MS);
    expect(ROBOTS_MOVING_REFRESH_MS).toBe(2000);
    expect(ROBOTS_IDLE_REFRESH_MS).toBe(15_000);
  });
});

describe('previousVersion: what a rollback brings back', () => {
  const v = (version: number) => ({ version, publishedAt: '', publishedByName: null, restoredFrom: null });

  it('is the newest version before the active one', () => {
    expect(previousVersion({ activeVersion: 3, versions: [v(3), v(2), v(1)] })).toBe(2);
    // After a rollback to v2 (published as v4), the next one goes back to v3.
    expect(previousVersion({ activeVersion: 4, versions: [v(4), v(3), v(2), v(1)] })).toBe(3);
  });

  it('is none before v1 or before anything was published', () => {
    expect(previousVersion({ activeVersion: 1, versions: [v(1)] })).toBeUndefined();
    expect(previousVersion({ activeVersion: null, versions: [] })).toBeUndefined();
  });
});

describe('retryableState', () => {
  it('retries a robot in any state but superseded', () => {
    expect(retryableState('failed')).toBe(true);
    expect(retryableState('ready')).toBe(true);
    expect(retryableState('superseded')).toBe(false);
  });
});
