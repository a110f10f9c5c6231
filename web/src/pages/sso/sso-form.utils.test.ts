import type { SsoConfig } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { changesConnection, createBodyOf, editBodyOf, formOf, NEW_SSO_FORM } from './sso-form.utils';

const config: SsoConfig = {
  id: '11111111-1111-4111-8111-111111111111',
  companyId: '22222222-2222-4222-8222-222222222222',
  issuer: 'https://login.acme.test/realms/staff',
  clientId: 'fleet-console',
  hasClientSecret: true,
  emailDomains: ['acme.test'],
  scopes: ['openid', 'email', 'profile'],
  emailClaim: 'email',
  nameClaim: 'name',
  groupsClaim: 'groups',
  jit: true,
  defaultRole: 'staff',
  groupRoles: [{ group: 'fleet-admins', role: 'admin' }],
  strictGroups: false,
  enforcement: 'optional',
  breakGlassUserIds: [],
  breakGlassAccounts: [],
  status: 'active',
  testedAt: '2026-11-27T00:00:00.000Z',
  lastSignInAt: null,
  hasScimToken: false,
  redirectUri: 'http://localhost:8080/opt/v1/sso/11111111-1111-4111-8111-111111111111/callback',
  scimBaseUrl: 'http://localhost:8080/scim/v2',
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
};

describe('the /sso form', () => {
  it('a new configuration starts from the server’s defaults', () => {
    expect(formOf(null)).toEqual(NEW_SSO_FORM);
    expect(NEW_SSO_FORM.scopes).toContain('openid');
    expect(NEW_SSO_FORM.enforcement).toBe('off');
  });

  it('an edit without a typed secret keeps the stored one (no clientSecret in the body)', () => {
    const body = editBodyOf(config.id, formOf(config));
    expect(body).not.toHaveProperty('clientSecret');
    expect(body).toMatchObject({ id: config.id, issuer: config.issuer, groupRoles: config.groupRoles });
  });

  it('a typed secret is sent, and a create always sends it', () => {
    expect(editBodyOf(config.id, { ...formOf(config), clientSecret: 'new' }).clientSecret).toBe('new');
    expect(createBodyOf({ ...NEW_SSO_FORM, clientSecret: 's' }).clientSecret).toBe('s');
  });

  it('trims what was typed and leaves out mapping rows never filled', () => {
    const body = createBodyOf({
      ...NEW_SSO_FORM,
      issuer: ' https://id.test ',
      emailDomains: [' acme.test '],
      groupRoles: [
        { group: ' ops ', role: 'admin' },
        { group: '', role: 'staff' },
      ],
    });
    expect(body.issuer).toBe('https://id.test');
    expect(body.emailDomains).toEqual(['acme.test']);
    expect(body.groupRoles).toEqual([{ group: 'ops', role: 'admin' }]);
  });

  it('knows which changes undo a passed connection test', () => {
    const same = formOf(config);
    expect(changesConnection(config, same)).toBe(false);
    expect(changesConnection(config, { ...same, emailDomains: ['acme.test', 'acme.example'] })).toBe(false);
    expect(changesConnection(config, { ...same, jit: false, enforcement: 'required' })).toBe(false);
    expect(changesConnection(config, { ...same, issuer: 'https://other.test' })).toBe(true);
    expect(changesConnection(config, { ...same, clientId: 'other' })).toBe(true);
    expect(changesConnection(config, { ...same, clientSecret: 'x' })).toBe(true);
    expect(changesConnection(config, { ...same, scopes: ['openid'] })).toBe(true);
  });
});
