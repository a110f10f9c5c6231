import { type AuditEntry, ROLES, SSO_ENFORCEMENTS } from '@fleet/contract';
import type { Translate } from '../roles/permission-label';

// The single sign-on actions' details as the server writes them (server/src/modules/sso): what the provider or
// the connection test did, never ids the reader cannot use.
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const known = <T extends string>(list: readonly T[], v: unknown): T | undefined => list.find((x) => x === v);

const roleText = (v: unknown, t: Translate) => {
  const role = known(ROLES, v);
  return role ? t(`common:roles.${role}`) : String(v ?? '—');
};

/** Which of the company's provider's channels made the change: a sign-in's sync or SCIM. */
function viaLines(d: Record<string, unknown>, t: Translate): string[] {
  return d.via === 'scim' ? [t('audit:detail.viaScim')] : d.via === 'sso' ? [t('audit:detail.viaSso')] : [];
}

/** The lines of a single sign-on action, or undefined for any other action. */
export function ssoLines(entry: AuditEntry, t: Translate): string[] | undefined {
  const d = entry.detail;
  const email = str(d.email);
  switch (entry.action) {
    case 'sso.test':
      return [t('audit:detail.testSignedInAs', { email: str(d.signedInAs) ?? '—' })];
    case 'sso.scimToken':
      return [t(d.action === 'revoked' ? 'audit:detail.scimTokenRevoked' : 'audit:detail.scimTokenCreated')];
    case 'person.provision':
      return [
        t('audit:detail.role', { role: roleText(d.role, t) }),
        t(d.newAccount === true ? 'audit:detail.newAccount' : 'audit:detail.existingAccount'),
        ...viaLines(d, t),
      ];
    case 'person.roleSync':
      return [
        t('audit:detail.roleChange', { from: roleText(d.from, t), to: roleText(d.to, t) }),
        ...viaLines(d, t),
      ];
    case 'person.deprovision':
    case 'person.reprovision':
      return [...(email ? [email] : []), ...viaLines(d, t)];
    case 'person.breakGlassSignIn':
      return [t('audit:detail.breakGlass')];
    default:
      return undefined;
  }
}

/** What an edit of the configuration changed beyond its issuer and domains. */
export function ssoEditLines(d: Record<string, unknown>, t: Translate): string[] {
  const enforcement = known(SSO_ENFORCEMENTS, d.enforcement);
  return [
    ...(enforcement
      ? [t('audit:detail.enforcement', { value: t(`audit:enforcements.${enforcement}`) })]
      : []),
    ...(d.connectionChanged === true ? [t('audit:detail.connectionChanged')] : []),
  ];
}
