import { ROUND_THE_CLOCK, type SettingVersion } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import {
  formToSettingBody,
  newSettingForm,
  type SettingFormValues,
  settingFieldOf,
  settingValue,
  versionToForm,
} from './setting-form.utils';

const version = (patch: Partial<SettingVersion>): SettingVersion => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'targets',
  scope: { kind: 'building', id: '00000000-0000-4000-8000-0000000000b1' },
  effectiveFrom: '2026-03-01',
  value: {},
  changedBy: null,
  changedAt: '2026-03-01T08:00:00.000Z',
  ...patch,
});

describe('settingFieldOf', () => {
  it.each([
    ['calendar', 'scope.kind', ['scopeKind']],
    ['targets', 'scope.id', ['scopeId']],
    ['downtime', 'effectiveFrom', ['effectiveFrom']],
    ['calendar', 'value.weekly.2.windows.0.to', ['calendar', 'days', 2, 'windows', 0]],
    ['calendar', 'value.weekly.6.windows', ['calendar', 'days', 6, 'works']],
    ['calendar', 'value.closedDays.3', ['calendar', 'closedDays']],
    ['calendar', 'value.weekly', undefined],
    ['targets', 'value.successRate', ['targets', 'successRate']],
    ['downtime', 'value.codes.4', ['downtime', 'codes']],
    ['exclusions', 'value.robotIds.0', ['exclusions', 'robotIds']],
    ['targets', 'kind', undefined],
  ] as const)('%s: body.%s', (kind, path, field) => {
    expect(settingFieldOf(kind, path.split('.'))).toEqual(field);
  });
});

describe('formToSettingBody', () => {
  const base: SettingFormValues = { scopeKind: 'company', effectiveFrom: '2026-04-01' };

  it('sends the company scope without an id, even when a building was picked before switching back', () => {
    const body = formToSettingBody(
      'targets',
      { ...base, scopeId: 'x', targets: { availability: 90 } },
      'metric',
    );
    expect(body).toEqual({
      kind: 'targets',
      scope: { kind: 'company', id: null },
      effectiveFrom: '2026-04-01',
      value: { availability: 0.9 },
    });
  });

  it('sends the chosen building with the calendar as edited', () => {
    const onBuilding = formToSettingBody(
      'calendar',
      {
        ...newSettingForm('calendar', undefined, '2026-04-01', 'metric'),
        scopeKind: 'building',
        scopeId: 'b1',
      },
      'metric',
    );
    expect(onBuilding.scope).toEqual({ kind: 'building', id: 'b1' });
    expect(onBuilding.value).toEqual(ROUND_THE_CLOCK);
  });

  it('drops the codes when every error counts, and cleans them when only listed ones do', () => {
    const all = formToSettingBody(
      'downtime',
      { ...base, downtime: { errors: 'all', codes: ['E1'], offline: true } },
      'metric',
    );
    expect(all.value).toEqual({ errors: 'all', codes: [], offline: true });
    const listed = formToSettingBody(
      'downtime',
      { ...base, downtime: { errors: 'listed', codes: [' E1', 'E1', 'E2'], offline: false } },
      'metric',
    );
    expect(listed.value).toEqual({ errors: 'listed', codes: ['E1', 'E2'], offline: false });
  });

  it('keeps an edited version’s untouched targets exactly', () => {
    const edited = version({ value: { cleanedArea: 10_000, successRate: 0.9 } });
    const form = versionToForm(edited, 'imperial');
    expect(formToSettingBody('targets', form, 'imperial', edited).value).toEqual({
      cleanedArea: 10_000,
      successRate: 0.9,
    });
  });
});

describe('versionToForm and newSettingForm', () => {
  it('opens a version with its scope, date and value', () => {
    const form = versionToForm(version({ value: { availability: 0.95 } }), 'metric');
    expect(form).toEqual({
      scopeKind: 'building',
      scopeId: '00000000-0000-4000-8000-0000000000b1',
      effectiveFrom: '2026-03-01',
      targets: { availability: 95 },
    });
  });

  it('starts a new version today, on the company, from the value it is given', () => {
    const start = { errors: 'listed', codes: ['E9'], offline: false };
    expect(newSettingForm('downtime', start, '2026-05-02', 'metric')).toEqual({
      scopeKind: 'company',
      effectiveFrom: '2026-05-02',
      downtime: { errors: 'listed', codes: ['E9'], offline: false },
    });
  });

  it('starts from the default when there is nothing to start from', () => {
    expect(newSettingForm('downtime', undefined, '2026-05-02', 'metric').downtime).toEqual({
      errors: 'all',
      codes: [],
      offline: true,
    });
  });

  it('starts from the default when there is nothing to start from', () => {
    expect(newSettingForm('downtime', undefined, '2026-05-02', 'metric').downtime).toEqual({
      errors: 'all',
      codes: [],
      offline: true,
    });
  });

  it('reads a stored value that no longer fits as the default rather than failing', () => {
    expect(settingValue('calendar', { weekly: 'nope' })).toEqual(ROUND_THE_CLOCK);
    expect(settingValue('exclusions', null)).toEqual({ robotIds: [], buildingIds: [] });
  });
});
