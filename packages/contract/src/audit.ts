import { z } from 'zod';
import { pageBody, pageResult } from './envelope.js';
import { defineRoute } from './route.js';

/** Every administrative change the server records. Written once here; the server and the console use it. */
export const AUDIT_ACTIONS = [
  'person.add',
  'person.edit',
  'person.remove',
  'person.assignRobots',
  'person.setAdmin',
  'person.unsetAdmin',
  'company.transferOwner',
  'role.create',
  'role.edit',
  'role.delete',
  'role.assign',
  'subsidiary.create',
  'subsidiary.rename',
  'miniDevice.bindBuilding',
  'miniDevice.register',
  'miniDevice.edit',
  'miniDevice.renewCredentials',
  'miniDevice.remove',
  'miniDevice.bind',
  'miniDevice.unbind',
  'miniDevice.identify',
  'miniDevice.testCall',
  'miniDevice.cancelCall',
  'robot.register',
  'robot.edit',
  'robot.remove',
  'robot.renewCredentials',
  'robot.command',
  'building.create',
  'building.edit',
  'building.remove',
  'floor.create',
  'floor.edit',
  'floor.remove',
  'floor.uploadMap',
  'station.create',
  'station.edit',
  'station.remove',
  'sso.create',
  'sso.edit',
  'sso.delete',
  'liftGateway.register',
  'liftGateway.edit',
  'liftGateway.renewCredentials',
  'liftGateway.remove',
  'liftBank.create',
  'liftBank.edit',
  'liftBank.remove',
  'lift.create',
  'lift.edit',
  'lift.remove',
  'lift.enable',
  'lift.disable',
  'lift.testCall',
  'lift.command',
  'lift.forceRelease',
] as const;
export const auditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditAction>;

export const auditEntry = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  actor: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  action: auditAction,
  targetType: z.string(),
  targetId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditRoutes = {
  searchAudit: defineRoute({
    id: 'searchAudit',
    method: 'POST',
    path: '/opt/v1/audit/search',
    auth: 'user',
    area: 'audit',
    summary:
      'The company’s audit log, newest first, filtered by person and action (owners and administrators)',
    body: pageBody(
      z.object({
        actorId: z.uuid().optional(),
        action: auditAction.optional(),
        from: z.iso.datetime().optional(),
        to: z.iso.datetime().optional(),
      }),
    ),
    data: pageResult(auditEntry),
  }),
};
