import type { LiftBank } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import {
  bankFieldOf,
  bankValuesOf,
  doorHoldMax,
  newBankValues,
  toCreateBankBody,
  toEditBankBody,
} from './bank-form.utils';

const BANK: LiftBank = {
  id: 'k1',
  buildingId: 'b1',
  name: 'East core',
  vendor: 'kone',
  gatewayId: 'g1',
  adapter: {
    endpoint: 'https://api.kone.test',
    externalBuildingId: 'B-1',
    externalGroupId: '1',
    scope: 'robot',
  },
  hasAdapterCredential: true,
  policy: {
    allowedRobotIds: ['r1'],
    allowedModels: ['Runner'],
    timeWindows: [{ weekdays: [1, 2], from: '08:00', to: '18:00' }],
    maxSessions: 2,
    doorHoldS: 20,
    callTimeoutS: 90,
    boardingTimeoutS: 60,
    rideTimeoutS: 120,
    sessionTimeoutS: 600,
  },
  lifts: [],
  version: 3,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('bank bodies', () => {
  it('starts a new bank with the contract’s default policy', () => {
    const v = newBankValues('g1');
    expect(v).toMatchObject({
      vendor: 'generic',
      gatewayId: 'g1',
      maxSessions: 1,
      doorHoldS: 10,
      timeWindows: [],
    });
  });

  it('creates with the credential only when one was typed', () => {
    const v = { ...newBankValues('g1'), name: ' West ', allowedModels: [' Runner ', ''] };
    const body = toCreateBankBody('b1', v);
    expect(body).toMatchObject({ buildingId: 'b1', name: 'West', gatewayId: 'g1' });
    expect(body.policy?.allowedModels).toEqual(['Runner']);
    expect('adapterCredential' in body).toBe(false);
    expect(toCreateBankBody('b1', { ...v, credential: 's3cret' }).adapterCredential).toBe('s3cret');
  });

  it.each([
    ['keeps the stored credential when left empty', {}, undefined],
    ['sets a new one', { credential: 'new' }, 'new'],
    ['deletes it when asked', { credential: 'ignored', removeCredential: true }, null],
  ])('%s', (_, change, expected) => {
    const body = toEditBankBody('k1', { ...bankValuesOf(BANK), ...change });
    expect(body.adapterCredential).toBe(expected);
    expect(body.adapter).toEqual(BANK.adapter);
    expect(body.policy).toEqual(BANK.policy);
  });

  it('sorts a window’s weekdays', () => {
    const v = { ...bankValuesOf(BANK), timeWindows: [{ weekdays: [7, 1, 3], from: '22:00', to: '06:00' }] };
    expect(toEditBankBody('k1', v).policy?.timeWindows).toEqual([
      { weekdays: [1, 3, 7], from: '22:00', to: '06:00' },
    ]);
  });
});

describe('bankFieldOf', () => {
  it.each([
    [['name'], ['name']],
    [['policy', 'doorHoldS'], ['doorHoldS']],
    [['policy', 'allowedRobotIds', '2'], ['allowedRobotIds']],
    [
      ['policy', 'timeWindows', '1', 'from'],
      ['timeWindows', 1, 'from'],
    ],
    [
      ['policy', 'timeWindows', '0', 'weekdays'],
      ['timeWindows', 0, 'weekdays'],
    ],
    [['adapter', 'scope'], ['scope']],
    [['adapterCredential'], ['credential']],
    [['buildingId'], undefined],
  ])('%j', (path, expected) => {
    expect(bankFieldOf(path)).toEqual(expected);
  });
});

it('caps the door hold by the vendor', () => {
  expect(doorHoldMax('kone')).toBe(30);
  expect(doorHoldMax('simulated')).toBe(120);
});
