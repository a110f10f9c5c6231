import type { SettingVersion } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { alertFieldOf, formToAlertBody, hasTargetFor, newAlertForm } from './alert-form.utils';
import { cleanRecipients, formToReportBody, newReportForm, reportFieldOf } from './report-form.utils';

describe('report form', () => {
  const defaults = {
    language: 'zh',
    units: 'imperial',
    timeZone: 'Asia/Shanghai',
    email: 'owner@acme.test',
  } as const;

  it('starts a new report for the person setting it up, in their language, units and zone', () => {
    expect(newReportForm(defaults)).toMatchObject({
      recipients: ['owner@acme.test'],
      language: 'zh',
      units: 'imperial',
      timeZone: 'Asia/Shanghai',
      enabled: true,
      buildingIds: [],
    });
  });

  it('sends the name trimmed and each address once, lower-case', () => {
    const body = formToReportBody(
      { ...newReportForm(defaults), name: '  Weekly ops ', recipients: ['A@Acme.test', 'a@acme.test ', ''] },
      undefined,
    );
    expect(body.name).toBe('Weekly ops');
    expect(body.recipients).toEqual(['a@acme.test']);
    expect('id' in body).toBe(false);
  });

  it('carries the id of the report being changed', () => {
    expect(formToReportBody({ ...newReportForm(defaults), name: 'x' }, 'r1').id).toBe('r1');
  });

  it.each([
    ['recipients.2', ['recipients']],
    ['timeZone', ['timeZone']],
    ['id', undefined],
  ] as const)('puts body.%s on %j', (path, field) => {
    expect(reportFieldOf(path.split('.'))).toEqual(field);
  });

  it('cleans recipients typed with spaces and capitals', () => {
    expect(cleanRecipients([' Ops@Acme.test', 'ops@acme.test', 'b@acme.test'])).toEqual([
      'ops@acme.test',
      'b@acme.test',
    ]);
  });
});

describe('alert form', () => {
  it('sends a new alert without an id and one being changed with it', () => {
    const values = { ...newAlertForm('en', undefined), name: ' Low availability ' };
    expect(formToAlertBody(values, undefined)).toMatchObject({ name: 'Low availability', recipients: [] });
    expect(formToAlertBody(values, 'a1').id).toBe('a1');
  });

  it.each([
    ['days', ['days']],
    ['recipients.0', ['recipients']],
    ['kpi', ['kpi']],
    ['id', undefined],
  ] as const)('puts body.%s on %j', (path, field) => {
    expect(alertFieldOf(path.split('.'))).toEqual(field);
  });

  it('finds the target an alert is judged by: the company’s, or its one building’s, never a robot’s', () => {
    const targets = (scope: SettingVersion['scope'], value: unknown): SettingVersion => ({
      id: `t-${scope.kind}`,
      kind: 'targets',
      scope,
      effectiveFrom: '2026-01-01',
      value,
      changedBy: null,
      changedAt: '2026-01-01T00:00:00.000Z',
    });
    const versions = [
      targets({ kind: 'company', id: null }, { availability: 0.95 }),
      targets({ kind: 'building', id: 'b1' }, { mttr: 1800 }),
      targets({ kind: 'robot', id: 'r1' }, { liftWait: 90 }),
    ];
    expect(hasTargetFor('availability', [], versions)).toBe(true);
    expect(hasTargetFor('availability', ['b1', 'b2'], versions)).toBe(true);
    expect(hasTargetFor('mttr', ['b1'], versions)).toBe(true);
    expect(hasTargetFor('mttr', [], versions)).toBe(false);
    expect(hasTargetFor('mttr', ['b1', 'b2'], versions)).toBe(false);
    expect(hasTargetFor('liftWait', [], versions)).toBe(false);
  });
});
