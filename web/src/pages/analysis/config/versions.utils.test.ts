import type { SettingVersion } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import {
  latestCompanyVersion,
  startingValue,
  versionBefore,
  versionsInEffect,
  versionsOf,
} from './versions.utils';

let n = 0;
const v = (
  effectiveFrom: string,
  scope: SettingVersion['scope'] = { kind: 'company', id: null },
  kind: SettingVersion['kind'] = 'calendar',
): SettingVersion => ({
  id: `v${++n}-${effectiveFrom}-${scope.id ?? 'co'}`,
  kind,
  scope,
  effectiveFrom,
  value: {},
  changedBy: null,
  changedAt: '2026-01-01T00:00:00.000Z',
});

const tower = { kind: 'building', id: 'b-tower' } as const;
const depot = { kind: 'building', id: 'b-depot' } as const;
const names: Record<string, string> = { 'b-tower': 'Tower', 'b-depot': 'Depot' };
const nameOf = (id: string) => names[id];

const coOld = v('2026-01-01');
const coNew = v('2026-03-01');
const coFuture = v('2026-09-01');
const towerV = v('2026-02-01', tower);
const depotV = v('2026-02-15', depot);
const targetsV = v('2026-01-01', { kind: 'company', id: null }, 'targets');
const all = [towerV, coOld, targetsV, depotV, coFuture, coNew];

describe('versionsOf', () => {
  it('lists the company first, then buildings by name, each scope newest first, one kind only', () => {
    expect(versionsOf('calendar', all, nameOf).map((x) => x.id)).toEqual([
      coFuture.id,
      coNew.id,
      coOld.id,
      depotV.id,
      towerV.id,
    ]);
  });
});

describe('versionsInEffect', () => {
  it('marks per scope the latest version already started, not one still to come', () => {
    const current = versionsInEffect(all, '2026-06-10');
    expect([...current].sort()).toEqual([coNew.id, depotV.id, targetsV.id, towerV.id].sort());
  });

  it('marks nothing on a scope whose only version starts later', () => {
    expect(versionsInEffect([towerV], '2026-01-31').size).toBe(0);
  });
});

describe('versionBefore', () => {
  it('finds the version that takes over the days of a removed one', () => {
    expect(versionBefore(coNew, all)?.id).toBe(coOld.id);
    expect(versionBefore(coFuture, all)?.id).toBe(coNew.id);
  });

  it('finds none for the first of a scope (the wider scope or the default takes over)', () => {
    expect(versionBefore(towerV, all)).toBeUndefined();
    expect(versionBefore(coOld, all)).toBeUndefined();
  });
});

describe('latestCompanyVersion', () => {
  it('is the company’s newest of the kind, even one still to come', () => {
    expect(latestCompanyVersion('calendar', all)?.id).toBe(coFuture.id);
    expect(latestCompanyVersion('downtime', all)).toBeUndefined();
  });
});

describe('startingValue', () => {
  const withValue = (x: SettingVersion, value: unknown) => ({ ...x, value });
  const versions = [
    withValue(coNew, { company: true }),
    withValue(towerV, { tower: true }),
    withValue(targetsV, { availability: 0.95 }),
  ];

  it('starts a building’s new calendar from its own latest one', () => {
    expect(startingValue('calendar', tower, versions)).toEqual({ tower: true });
  });

  it('starts a building without a calendar of its own from the company’s', () => {
    expect(startingValue('calendar', depot, versions)).toEqual({ company: true });
  });

  it('starts a robot’s or building’s first targets empty, so that each KPI inherits', () => {
    expect(startingValue('targets', { kind: 'robot', id: 'r1' }, versions)).toEqual({});
    expect(startingValue('targets', { kind: 'company', id: null }, versions)).toEqual({ availability: 0.95 });
  });

  it('leaves a kind never set to its default', () => {
    expect(startingValue('downtime', { kind: 'company', id: null }, versions)).toBeUndefined();
  });
});
