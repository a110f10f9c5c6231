import { z } from 'zod';
import { idParam, nothing } from './envelope.js';
import { email } from './people/index.js';
import { defineRoute } from './route.js';
import { rawText, text } from './text.js';

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'not a valid domain name');

/** The OpenID Connect provider of a company. The client secret is write-only. */
export const ssoConfig = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  emailDomains: z.array(z.string()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type SsoConfig = z.infer<typeof ssoConfig>;

const ssoFields = {
  issuer: z.url({ protocol: /^https?$/, error: 'an http(s) URL' }).max(500, 'at most 500 characters'),
  clientId: text({ min: 1, max: 200 }),
  emailDomains: z.array(domain).min(1, 'at least one domain').max(20, 'at most 20 domains'),
};
const clientSecret = rawText(500).min(1, 'required');

export const ssoCreateBody = z.object({ ...ssoFields, clientSecret });
export const ssoEditBody = z.object({ id: z.uuid(), ...ssoFields, clientSecret: clientSecret.optional() });

export const ssoProvider = z.object({ id: z.uuid(), companyName: z.string(), loginPath: z.string() });

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
    summary: 'Create the company’s single sign-on configuration (super admin)',
    body: ssoCreateBody,
    data: ssoConfig,
  }),
  editSsoConfig: defineRoute({
    id: 'editSsoConfig',
    method: 'PUT',
    path: '/opt/v1/sso/config',
    auth: 'superAdmin',
    area: 'sso',
    summary: 'Edit the company’s single sign-on configuration; an absent secret is kept (super admin)',
    body: ssoEditBody,
    data: ssoConfig,
  }),
  deleteSsoConfig: defineRoute({
    id: 'deleteSsoConfig',
    method: 'DELETE',
    path: '/opt/v1/sso/config/:id',
    auth: 'superAdmin',
    area: 'sso',
    summary: 'Delete the company’s single sign-on configuration (super admin)',
    params: idParam,
    data: nothing,
  }),
  ssoLoginUrl: defineRoute({
    id: 'ssoLoginUrl',
    method: 'GET',
    path: '/opt/v1/sso/login-url',
    auth: 'public',
    area: 'sso',
    summary: 'The single sign-on provider for an e-mail address’s domain',
    query: z.object({ email }),
    data: ssoProvider,
  }),
  ssoLogin: defineRoute({
    id: 'ssoLogin',
    method: 'GET',
    path: '/opt/v1/sso/:id/login',
    auth: 'public',
    area: 'sso',
    summary: 'Start signing in with a provider (redirects to it)',
    params: idParam,
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
    summary: 'Where the provider returns the browser after sign-in',
    params: idParam,
    query: z.object({
      code: rawText(2048).optional(),
      state: rawText(2048).optional(),
      error: rawText(200).optional(),
    }),
    data: nothing,
  }),
};
