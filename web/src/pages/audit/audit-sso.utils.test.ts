import type { AuditEntry } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { type AuditLookups, auditDetailLines, type Translate } from './audit-detail.utils';

const t: Translate = (key, params) =>
  params
    ? `${key}(${Object.entries(params)
        .map(([k, v]) => `${k}=${v}`)
        .join(',')})`
    : key;
const lookups: AuditLookups = { people: new Map(), roles: new Map() };
const entry = (action: AuditEntry['action'], detail: Record<string, unknown>): AuditEntry => ({
  id: '44444444-4444-4444-8444-444444444444',
  at: '2026-03-10T12:00:00.000Z',
  actor: null,
  action,
  targetType: 'user',
  targetId: '55555555-5555-4555-8555-555555555555',
  detail,
  ip: '127.0.0.1',
});

// The details as server/src/modules/sso writes them: words, never the configuration's id or raw keys.
describe('single sign-on audit lines', () => {
  it.each([
    [
      'person.provision',
      { role: 'admin', newAccount: true, via: 'sso', ssoConfigId: 'x' },
      ['audit:detail.role(role=common:roles.admin)', 'audit:detail.newAccount', 'audit:detail.viaSso'],
    ],
    [
      'person.roleSync',
      { from: 'staff', to: 'admin', via: 'sso', ssoConfigId: 'x' },
      ['audit:detail.roleChange(from=common:roles.staff,to=common:roles.admin)', 'audit:detail.viaSso'],
    ],
    [
      'person.deprovision',
      { email: 'ada@acme.test', via: 'scim', ssoConfigId: 'x' },
      ['ada@acme.test', 'audit:detail.viaScim'],
    ],
    ['person.breakGlassSignIn', { ssoConfigId: 'x' }, ['audit:detail.breakGlass']],
    [
      'sso.test',
      { issuer: 'https://id', signedInAs: 'ada@acme.test' },
      ['audit:detail.testSignedInAs(email=ada@acme.test)'],
    ],
    ['sso.scimToken', { action: 'created' }, ['audit:detail.scimTokenCreated']],
    ['sso.scimToken', { action: 'revoked' }, ['audit:detail.scimTokenRevoked']],
    [
      'sso.edit',
      { issuer: 'https://id', emailDomains: ['acme.test'], enforcement: 'required', connectionChanged: true },
      [
        'audit:detail.issuer(issuer=https://id)',
        'audit:detail.domains(domains=acme.test)',
        'audit:detail.enforcement(value=audit:enforcements.required)',
        'audit:detail.connectionChanged',
      ],
    ],
  ] as const)('%s %j', (action, detail, lines) => {
    expect(auditDetailLines(entry(action, detail), lookups, t)).toEqual(lines);
  });
});
