import { AUDIT_ACTIONS, type AuditAction } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { targetTypeOf } from './record-audit.js';

describe('targetTypeOf', () => {
  it.each<[AuditAction, string]>([
    ['person.add', 'user'],
    ['company.transferOwner', 'user'],
    ['subsidiary.create', 'company'],
    ['sso.edit', 'ssoConfig'],
    ['role.assign', 'role'],
    ['miniDevice.bindBuilding', 'miniDevice'],
    ['robot.command', 'robot'],
    ['floor.uploadMap', 'floor'],
    ['liftGateway.register', 'liftGateway'],
    ['lift.forceRelease', 'lift'],
  ])('%s targets a %s', (action, type) => {
    expect(targetTypeOf(action)).toBe(type);
  });

  it('names a target for every action', () => {
    for (const action of AUDIT_ACTIONS) expect(targetTypeOf(action)).toMatch(/^[a-z][A-Za-z]+$/);
  });
});
