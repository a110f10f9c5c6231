import { type AuditEntry, COMMAND_TYPES, PERMISSIONS, type Permission, ROLES } from '@fleet/contract';
import { permissionLabel, type Translate } from '../roles/permission-label';
import { appsLines } from './audit-apps.utils';
import { audioLines } from './audit-audio.utils';
import { ssoEditLines, ssoLines } from './audit-sso.utils';

export type { Translate };

export interface AuditLookups {
  /** Member id → name. */
  people: ReadonlyMap<string, string>;
  /** Custom role id → name. */
  roles: ReadonlyMap<string, string>;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const strs = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** Fields a person or robot edit may name; anything else is shown as the server wrote it. */
const EDIT_FIELDS = [
  'firstName',
  'lastName',
  'phonePrefix',
  'phoneNumber',
  'enableAudio',
  'name',
  'model',
  'buildingId',
  'expectedIntervalSeconds',
  'vendor',
  'gatewayId',
  'adapter',
  'adapterCredential',
  'policy',
  'gatewayLiftName',
  'doorSides',
  'servedFloorIds',
  'landings',
  'maxRobots',
] as const;

function fieldsText(v: unknown, t: Translate): string {
  const fields = strs(v).map((f) =>
    (EDIT_FIELDS as readonly string[]).includes(f) ? t(`audit:fields.${f}`) : f,
  );
  return fields.join(', ') || '—';
}

function obj(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function deviceLines(d: Record<string, unknown>, t: Translate): string[] {
  const name = str(d.name);
  const label = str(d.label);
  return name ? [t('audit:detail.device', { name: label ? `${label} (${name})` : name })] : [];
}

/** "Acme Tower · Lobby" for a device's place in an audit row, "not placed" when it had none. */
function placeText(v: unknown, t: Translate): string {
  const place = obj(v);
  const parts = [str(place.building), str(place.floor)].filter((p): p is string => Boolean(p));
  return parts.length ? parts.join(' · ') : t('audit:detail.unplaced');
}

function robotLines(d: Record<string, unknown>, t: Translate): string[] {
  const name = str(d.name);
  const serial = str(d.serialNumber);
  return [
    ...(name ? [t('audit:detail.name', { name })] : []),
    ...(serial ? [t('audit:detail.serial', { serial })] : []),
  ];
}

function roleLabel(v: unknown, t: Translate): string {
  return ROLES.find((r) => r === v) ? t(`common:roles.${v as string}`) : String(v ?? '');
}

function permissionsText(v: unknown, t: Translate): string {
  const list = strs(v).filter((p): p is Permission => (PERMISSIONS as string[]).includes(p));
  return list.length ? list.map((p) => permissionLabel(p, t)).join(', ') : t('audit:detail.noPermissions');
}

const shortId = (id: string) => id.slice(0, 8);
const personName = (id: string, l: AuditLookups) => l.people.get(id) ?? shortId(id);

/** Anything the console does not know how to read: `key: value` pairs, never a JSON dump. */
function generic(detail: Record<string, unknown>): string[] {
  return Object.entries(detail).map(([k, v]) => {
    const value = Array.isArray(v) ? v.join(', ') : typeof v === 'object' && v !== null ? '…' : String(v);
    return `${k}: ${value}`;
  });
}

/** The readable lines of an audit row's detail, in the user's language. */
export function auditDetailLines(entry: AuditEntry, lookups: AuditLookups, t: Translate): string[] {
  const d = entry.detail;
  const name = str(d.name);
  switch (entry.action) {
    case 'person.add':
      return [
        t('audit:detail.role', { role: roleLabel(d.role, t) }),
        t(d.newAccount === true ? 'audit:detail.newAccount' : 'audit:detail.existingAccount'),
      ];
    case 'person.edit':
    case 'robot.edit':
      return [t('audit:detail.fields', { fields: fieldsText(d.fields, t) })];
    case 'person.remove':
      return [
        t('audit:detail.role', { role: roleLabel(d.role, t) }),
        ...(str(d.email) ? [String(d.email)] : []),
      ];
    case 'person.assignRobots':
      return [t('audit:detail.robots', { count: strs(d.robotIds).length })];
    case 'person.setAdmin':
    case 'person.unsetAdmin':
      return [t('audit:detail.roleChange', { from: roleLabel(d.from, t), to: roleLabel(d.to, t) })];
    case 'company.transferOwner': {
      const previous = str(d.previousOwner);
      return [
        ...(previous ? [t('audit:detail.previousOwner', { name: personName(previous, lookups) })] : []),
        t('audit:detail.newOwnerWas', { role: roleLabel(d.previousRole, t) }),
      ];
    }
    case 'role.create':
      return [
        t('audit:detail.name', { name: name ?? '' }),
        t('audit:detail.permissions', { list: permissionsText(d.permissions, t) }),
      ];
    case 'role.edit': {
      const lines: string[] = [];
      if (name) lines.push(t('audit:detail.renamed', { name }));
      if ('description' in d) lines.push(t('audit:detail.description', { text: str(d.description) ?? '—' }));
      if ('permissions' in d)
        lines.push(t('audit:detail.permissions', { list: permissionsText(d.permissions, t) }));
      return lines;
    }
    case 'role.delete':
      return name ? [t('audit:detail.name', { name })] : [];
    case 'role.assign': {
      const holders = strs(d.userIds).map((id) => personName(id, lookups));
      return [t('audit:detail.holders', { names: holders.join(', ') || t('audit:detail.nobody') })];
    }
    case 'subsidiary.create':
    case 'subsidiary.rename':
      return name ? [t('audit:detail.name', { name })] : [];
    case 'miniDevice.bindBuilding':
      return [t('audit:detail.buildingChanged')];
    case 'miniDevice.register':
    case 'miniDevice.remove':
    case 'miniDevice.renewCredentials':
    case 'miniDevice.identify':
    case 'miniDevice.testCall':
    case 'miniDevice.cancelCall':
      return deviceLines(d, t);
    case 'miniDevice.edit':
      return [
        ...deviceLines(d, t),
        t('audit:detail.fields', {
          fields:
            Object.keys(obj(d.changes))
              .map((f) => t(`audit:deviceFields.${f}`, { defaultValue: f }))
              .join(', ') || '—',
        }),
      ];
    case 'miniDevice.bind':
    case 'miniDevice.unbind':
      return [
        ...deviceLines(d, t),
        t('audit:detail.place', { from: placeText(d.from, t), to: placeText(d.to, t) }),
      ];
    case 'sso.create':
    case 'sso.edit': {
      const lines = [t('audit:detail.issuer', { issuer: str(d.issuer) ?? '—' })];
      const domains = strs(d.emailDomains);
      if (domains.length) lines.push(t('audit:detail.domains', { domains: domains.join(', ') }));
      if (d.secretChanged === true) lines.push(t('audit:detail.secretChanged'));
      return [...lines, ...ssoEditLines(d, t)];
    }
    case 'sso.delete':
      return [];
    case 'robot.register':
    case 'robot.remove':
      return robotLines(d, t);
    case 'robot.renewCredentials':
      return [t('audit:detail.credentialsRenewed')];
    case 'robot.command': {
      const type = COMMAND_TYPES.find((c) => c === d.type);
      return [
        t('audit:detail.command', { command: type ? t(`audit:commands.${type}`) : String(d.type ?? '—') }),
      ];
    }
    case 'liftGateway.register':
    case 'liftGateway.remove':
    case 'liftGateway.renewCredentials':
    case 'liftBank.create':
    case 'liftBank.remove':
    case 'lift.create':
    case 'lift.remove':
    case 'lift.enable':
    case 'lift.disable':
      return name ? [t('audit:detail.name', { name })] : [];
    case 'liftGateway.edit':
      return [t('audit:detail.renamed', { name: str(d.to) ?? '—' })];
    case 'liftBank.edit':
    case 'lift.edit':
      return [t('audit:detail.fields', { fields: fieldsText(d.fields, t) })];
    case 'lift.testCall':
      return [
        t(d.passed === true ? 'audit:detail.testPassed' : 'audit:detail.testFailed', {
          floor: str(d.floor) ?? '—',
        }),
      ];
    case 'lift.command':
    case 'lift.forceRelease':
      return [
        t('audit:detail.liftCommand', { command: t(`audit:liftCommands.${str(d.type) ?? 'call'}`) }),
        t('audit:detail.reason', { reason: str(d.reason) ?? '—' }),
      ];
    case 'audioClip.upload':
    case 'audioClip.edit':
    case 'audioClip.remove':
    case 'audioGroup.create':
    case 'audioGroup.edit':
    case 'audioGroup.duplicate':
    case 'audioGroup.remove':
    case 'audioGroup.publish':
    case 'audioGroup.rollback':
    case 'audioGroup.retry':
    case 'audio.play':
    case 'audio.stop':
    case 'audio.volume':
    case 'audioRules.edit':
      return audioLines(entry, t);
    default:
      return ssoLines(entry, t) ?? appsLines(entry, t) ?? generic(d);
  }
}

/** What an audit row is about, by name where the console knows it. */
export function auditTarget(entry: AuditEntry, lookups: AuditLookups, t: Translate): string {
  const id = entry.targetId;
  const name = str(entry.detail.name);
  switch (entry.targetType) {
    case 'user': {
      const known = id ? lookups.people.get(id) : undefined;
      return t('audit:target.person', {
        name: known ?? str(entry.detail.email) ?? t('audit:target.formerMember'),
      });
    }
    case 'role':
      return t('audit:target.role', {
        name: (id ? lookups.roles.get(id) : undefined) ?? name ?? t('audit:target.deletedRole'),
      });
    case 'company':
      return t('audit:target.company', { name: name ?? (id ? shortId(id) : '—') });
    case 'miniDevice':
      return t('audit:target.miniDevice', { name: name ?? (id ? shortId(id) : '—') });
    case 'ssoConfig':
      return t('audit:target.sso');
    case 'robot':
      return t('audit:target.robot', { name: name ?? (id ? shortId(id) : '—') });
    case 'liftGateway':
    case 'liftBank':
    case 'lift':
    case 'audioClip':
    case 'audioGroup':
    case 'audioRules':
    case 'apiApp':
    case 'webhook':
      return t(`audit:target.${entry.targetType}`, { name: name ?? (id ? shortId(id) : '—') });
    // Sound played, stopped or set on a robot: the robot is the target, named in the detail.
    case 'audio':
      return t('audit:target.robot', { name: name ?? (id ? shortId(id) : '—') });
    default:
      return id ? `${entry.targetType} ${shortId(id)}` : entry.targetType;
  }
}
