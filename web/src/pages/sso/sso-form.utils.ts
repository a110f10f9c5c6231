import type { SsoConfig, SsoEnforcement } from '@fleet/contract';
import type { SsoCreateInput, SsoEditInput } from '../../api/sso/sso-config-mutations';

type SsoRole = SsoConfig['defaultRole'];

/** What the /sso form holds: the configuration's fields, the secret only when typed. */
export interface SsoFormValues {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  emailDomains: string[];
  emailClaim: string;
  nameClaim: string;
  groupsClaim: string;
  jit: boolean;
  defaultRole: SsoRole;
  groupRoles: { group: string; role: SsoRole }[];
  strictGroups: boolean;
  enforcement: SsoEnforcement;
  breakGlassUserIds: string[];
}

/** A new configuration's form: the defaults the server would apply, so what is shown is what is saved. */
export const NEW_SSO_FORM: SsoFormValues = {
  issuer: '',
  clientId: '',
  clientSecret: '',
  scopes: ['openid', 'email', 'profile'],
  emailDomains: [],
  emailClaim: 'email',
  nameClaim: 'name',
  groupsClaim: 'groups',
  jit: false,
  defaultRole: 'staff',
  groupRoles: [],
  strictGroups: false,
  enforcement: 'off',
  breakGlassUserIds: [],
};

export function formOf(config: SsoConfig | null): SsoFormValues {
  if (!config) return NEW_SSO_FORM;
  return {
    issuer: config.issuer,
    clientId: config.clientId,
    clientSecret: '',
    scopes: config.scopes,
    emailDomains: config.emailDomains,
    emailClaim: config.emailClaim,
    nameClaim: config.nameClaim,
    groupsClaim: config.groupsClaim,
    jit: config.jit,
    defaultRole: config.defaultRole,
    groupRoles: config.groupRoles,
    strictGroups: config.strictGroups,
    enforcement: config.enforcement,
    breakGlassUserIds: config.breakGlassUserIds,
  };
}

/** Trimmed, empty mapping rows left out (a row added and never filled is not a mapping). */
function fieldsOf(v: SsoFormValues) {
  return {
    issuer: v.issuer.trim(),
    clientId: v.clientId.trim(),
    scopes: v.scopes.map((s) => s.trim()).filter(Boolean),
    emailDomains: v.emailDomains.map((d) => d.trim()).filter(Boolean),
    emailClaim: v.emailClaim.trim(),
    nameClaim: v.nameClaim.trim(),
    groupsClaim: v.groupsClaim.trim(),
    jit: v.jit,
    defaultRole: v.defaultRole,
    groupRoles: (v.groupRoles ?? [])
      .map((g) => ({ group: (g?.group ?? '').trim(), role: g?.role ?? 'staff' }))
      .filter((g) => g.group !== ''),
    strictGroups: v.strictGroups,
    enforcement: v.enforcement,
    breakGlassUserIds: v.breakGlassUserIds ?? [],
  };
}

export function createBodyOf(v: SsoFormValues): SsoCreateInput {
  return { ...fieldsOf(v), clientSecret: v.clientSecret };
}

/** An edit keeps the stored secret unless a new one was typed. */
export function editBodyOf(id: string, v: SsoFormValues): SsoEditInput {
  return { id, ...fieldsOf(v), ...(v.clientSecret ? { clientSecret: v.clientSecret } : {}) };
}

/**
 * Whether saving these values would undo a passed connection test (the server drops it when the issuer, the
 * client, the secret or the scopes change): the form warns before the enforcement is lost with it.
 */
export function changesConnection(config: SsoConfig, v: SsoFormValues): boolean {
  const f = fieldsOf(v);
  return (
    f.issuer !== config.issuer ||
    f.clientId !== config.clientId ||
    v.clientSecret !== '' ||
    f.scopes.join(' ') !== config.scopes.join(' ')
  );
}

/** Body field → form field, for the server's `body.<field>: reason` complaints. */
export const SSO_FORM_FIELDS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.keys(NEW_SSO_FORM).map((k) => [k, k]),
);
