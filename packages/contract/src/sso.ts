import { z } from 'zod';
import { loginResult } from './auth.js';
import { idParam, nothing } from './envelope.js';
import { email } from './people/index.js';
import { defineRoute } from './route.js';
import { scimRoutes } from './sso/scim.js';
import { rawText, text } from './text.js';

export * from './sso/scim.js';

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'not a valid domain name');

/**
 * How single sign-on applies to the company's people: `off` stores the configuration without offering it,
 * `optional` offers it beside passwords, `required` refuses passwords except to the break-glass accounts.
 */
export const SSO_ENFORCEMENTS = ['off', 'optional', 'required'] as const;
export type SsoEnforcement = (typeof SSO_ENFORCEMENTS)[number];

/**
 * `draft` until one real sign-in through the provider passed the connection test (and again after the connection
 * changes), `tested` once it passed, `active` when it is tested and offered (enforcement optional or required).
 */
export const SSO_STATUSES = ['draft', 'tested', 'active'] as const;
export type SsoStatus = (typeof SSO_STATUSES)[number];

/** The roles single sign-on may give: the owner is never made or unmade by a provider. */
export const SSO_ROLES = ['admin', 'staff'] as const;

/** A group the provider names in the groups claim, and the role its members get. */
export const ssoGroupRole = z.object({
  group: text({ min: 1, max: 200 }),
  role: z.enum(SSO_ROLES),
});

const claimName = text({ min: 1, max: 100 }).regex(/^[\w:./-]+$/, 'letters, digits and : . / - _ only');
const scope = z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]{1,100}$/, 'not a valid OAuth scope');

/** The OpenID Connect provider of a company. The client secret and the SCIM token are write-only. */
export const ssoConfig = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  emailDomains: z.array(z.string()),
  scopes: z.array(z.string()),
  emailClaim: z.string(),
  nameClaim: z.string(),
  groupsClaim: z.string(),
  jit: z.boolean(),
  defaultRole: z.enum(SSO_ROLES),
  groupRoles: z.array(ssoGroupRole),
  /** Refuse a sign-in whose groups map to no role (instead of giving the default role). */
  strictGroups: z.boolean(),
  enforcement: z.enum(SSO_ENFORCEMENTS),
  breakGlassUserIds: z.array(z.uuid()),
  /** The break-glass accounts by name, for the screen (members of the company). */
  breakGlassAccounts: z.array(z.object({ id: z.uuid(), name: z.string(), email: z.string() })),
  status: z.enum(SSO_STATUSES),
  testedAt: z.iso.datetime().nullable(),
  lastSignInAt: z.iso.datetime().nullable(),
  hasScimToken: z.boolean(),
  /** What to register at the provider as the redirect (callback) URI. */
  redirectUri: z.string(),
  /** The SCIM 2.0 base URL the provider provisions people through. */
  scimBaseUrl: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type SsoConfig = z.infer<typeof ssoConfig>;

const ssoFields = {
  issuer: z.url({ protocol: /^https?$/, error: 'an http(s) URL' }).max(500, 'at most 500 characters'),
  clientId: text({ min: 1, max: 200 }),
  emailDomains: z.array(domain).min(1, 'at least one domain').max(20, 'at most 20 domains'),
  scopes: z
    .array(scope)
    .max(20, 'at most 20 scopes')
    .refine((s) => s.includes('openid'), 'must include openid')
    .default(['openid', 'email', 'profile']),
  emailClaim: claimName.default('email'),
  nameClaim: claimName.default('name'),
  groupsClaim: claimName.default('groups'),
  jit: z.boolean().default(false),
  defaultRole: z.enum(SSO_ROLES).default('staff'),
  groupRoles: z
    .array(ssoGroupRole)
    .max(50, 'at most 50 mappings')
    .refine((m) => new Set(m.map((g) => g.group)).size === m.length, 'each group once')
    .default([]),
  strictGroups: z.boolean().default(false),
  enforcement: z.enum(SSO_ENFORCEMENTS).default('off'),
  breakGlassUserIds: z
    .array(z.uuid())
    .max(2, 'at most 2 break-glass accounts')
    .refine((ids) => new Set(ids).size === ids.length, 'each person once')
    .default([]),
};
const clientSecret = rawText(500).min(1, 'required');

export const ssoCreateBody = z.object({ ...ssoFields, clientSecret });
export const ssoEditBody = z.object({ id: z.uuid(), ...ssoFields, clientSecret: clientSecret.optional() });

export const ssoProvider = z.object({ id: z.uuid(), companyName: z.string(), loginPath: z.string() });

/**
 * Why a sign-in through a provider did not finish: the callback sends the browser to /login/sso/{id}?error=…
 * (or the connection test back to /sso) with one of these, which the console words in the user's language.
 */
export const SSO_FAILURES = [
  'provider_unreachable',
  'cancelled',
  'provider_error',
  'client_rejected',
  'state_invalid',
  'token_invalid',
  'email_missing',
  'email_unverified',
  'email_domain',
  'not_provisioned',
  'account_linked',
  'no_role',
  'account_disabled',
  'sso_inactive',
] as const;
export type SsoFailure = (typeof SSO_FAILURES)[number];

export const ssoRoutes = {
  getSsoConfig: defineRoute({
    id: 'getSsoConfig',
    method: 'GET',
    path: '/opt/v1/sso/config',
    auth: 'superAdmin',
    area: 'sso',
    summary: 'The single sign-on configuration of the token’s company, or null (super admin)',
    data: ssoConfig.nullable(),
  }),
  createSsoConfig: defineRoute({
    id: 'createSsoConfig',
    method: 'POST',
    path: '/opt/v1/sso/config',
    auth: 'superAdmin',
    area: 'sso',
    summary: 'Create the company’s single sign-on configuration; it stays a draft until tested (super admin)',
    body: ssoCreateBody,
    data: ssoConfig,
  }),
  editSsoConfig: defineRoute({
    id: 'editSsoConfig',
    method: 'PUT',
    path: '/opt/v1/sso/config',
    auth: 'superAdmin',
    area: 'sso',
    summary:
      'Edit the company’s single sign-on configuration; an absent secret is kept, a changed connection needs a new test (super admin)',
    body: ssoEditBody,
    data: ssoConfig,
  }),
  deleteSsoConfig: defineRoute({
    id: 'deleteSsoConfig',
    method: 'DELETE',
    path: '/opt/v1/sso/config/:id',
    auth: 'superAdmin',
    area: 'sso',
    summary:
      'Delete the company’s single sign-on configuration: its people sign in with passwords (super admin)',
    params: idParam,
    data: nothing,
  }),
  testSsoConfig: defineRoute({
    id: 'testSsoConfig',
    method: 'POST',
    path: '/opt/v1/sso/config/test',
    auth: 'superAdmin',
    area: 'sso',
    summary:
      'Start a test sign-in through the provider; the browser comes back to /sso with the result (super admin)',
    data: z.object({ redirectUrl: z.string() }),
  }),
  createScimToken: defineRoute({
    id: 'createScimToken',
    method: 'POST',
    path: '/opt/v1/sso/config/scim-token',
    auth: 'superAdmin',
    area: 'sso',
    summary:
      'A new SCIM bearer token for the provider, shown once; the previous one stops working (super admin)',
    data: z.object({ token: z.string() }),
  }),
  deleteScimToken: defineRoute({
    id: 'deleteScimToken',
    method: 'DELETE',
    path: '/opt/v1/sso/config/scim-token',
    auth: 'superAdmin',
    area: 'sso',
    summary: 'Stop SCIM provisioning: the token stops working (super admin)',
    data: nothing,
  }),
  ssoLoginUrl: defineRoute({
    id: 'ssoLoginUrl',
    method: 'GET',
    path: '/opt/v1/sso/login-url',
    auth: 'public',
    area: 'sso',
    summary:
      'The single sign-on provider for an e-mail address’s domain; any domain without an active one gets the same 404',
    query: z.object({ email }),
    data: ssoProvider,
  }),
  ssoLogin: defineRoute({
    id: 'ssoLogin',
    method: 'GET',
    path: '/opt/v1/sso/:id/login',
    auth: 'public',
    area: 'sso',
    summary:
      'Start signing in with a provider: the URL to send the browser to (Authorization Code with PKCE)',
    params: idParam,
    query: z.object({ email: email.optional() }),
    data: z.object({ redirectUrl: z.string() }),
  }),
  operatorSsoLoginUrl: defineRoute({
    id: 'operatorSsoLoginUrl',
    method: 'GET',
    path: '/opt/v1/sso/cenobots-login-url',
    auth: 'public',
    area: 'sso',
    summary: 'The single sign-on provider of the console operator’s own company',
    data: ssoProvider,
  }),
  ssoCallback: defineRoute({
    id: 'ssoCallback',
    method: 'GET',
    path: '/opt/v1/sso/:id/callback',
    auth: 'public',
    area: 'sso',
    summary:
      'Where the provider returns the browser: redirects (303) to /login/sso/{id} with a one-time ticket or an error',
    params: idParam,
    raw: true,
    query: z.object({
      code: rawText(2048).optional(),
      state: rawText(2048).optional(),
      error: rawText(200).optional(),
      error_description: rawText(2048).optional(),
      iss: rawText(500).optional(),
      session_state: rawText(2048).optional(),
    }),
    data: nothing,
  }),
  ssoFinish: defineRoute({
    id: 'ssoFinish',
    method: 'POST',
    path: '/opt/v1/sso/finish',
    auth: 'public',
    area: 'sso',
    summary: 'Exchange the one-time ticket of a finished sign-in for the session token (valid 60 s, once)',
    body: z.object({ ticket: rawText(200).min(1, 'required') }),
    data: loginResult,
  }),
  ...scimRoutes,
};
