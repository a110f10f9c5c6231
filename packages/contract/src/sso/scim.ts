import { z } from 'zod';
import { nothing } from '../envelope.js';
import { defineRoute } from '../route.js';
import { rawText, text } from '../text.js';

/*
 * The SCIM 2.0 Users service (RFC 7643, RFC 7644) through which a company's identity provider provisions and
 * de-provisions its people. Its answers and failures are SCIM's own JSON (`application/scim+json`), never the
 * console's envelope, and every call carries the company's SCIM bearer token (auth `scim`).
 */

/** Where the service is served; every path below it answers in SCIM's terms, failures included. */
export const SCIM_BASE = '/scim/v2';
export const SCIM_MEDIA_TYPE = 'application/scim+json';

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** The most Users one list answer holds (ServiceProviderConfig's filter.maxResults). */
export const SCIM_MAX_RESULTS = 200;

/** RFC 7644 section 3.12: what kind of 400 (or 409) a refusal is. */
export const SCIM_ERROR_TYPES = [
  'invalidFilter',
  'tooMany',
  'uniqueness',
  'mutability',
  'invalidSyntax',
  'invalidPath',
  'noTarget',
  'invalidValue',
  'invalidVers',
  'sensitive',
] as const;
export type ScimErrorType = (typeof SCIM_ERROR_TYPES)[number];

export const scimError = z.object({
  schemas: z.array(z.literal(SCIM_SCHEMAS.error)),
  status: z.string(),
  scimType: z.enum(SCIM_ERROR_TYPES).optional(),
  detail: z.string(),
});
export type ScimError = z.infer<typeof scimError>;

/** SCIM booleans: Entra ID sends `"True"` / `"False"` as strings where others send JSON booleans. */
export const scimBoolean = z.union([
  z.boolean(),
  z
    .string()
    .regex(/^(true|false)$/i, 'true or false')
    .transform((s) => s.toLowerCase() === 'true'),
]);

/** A person as the provider sees them; `id` is the console's account id. */
export const scimUser = z.object({
  schemas: z.array(z.string()),
  id: z.uuid(),
  userName: z.string(),
  name: z.object({ givenName: z.string(), familyName: z.string(), formatted: z.string() }),
  displayName: z.string(),
  emails: z.array(z.object({ value: z.string(), type: z.string(), primary: z.boolean() })),
  active: z.boolean(),
  meta: z.object({
    resourceType: z.literal('User'),
    created: z.iso.datetime(),
    location: z.string(),
  }),
});
export type ScimUser = z.infer<typeof scimUser>;

export const scimUserList = z.object({
  schemas: z.array(z.literal(SCIM_SCHEMAS.listResponse)),
  totalResults: z.int().min(0),
  startIndex: z.int().min(1),
  itemsPerPage: z.int().min(0),
  Resources: z.array(scimUser),
});

const optionalText = (max: number) => text({ max }).nullish();

/**
 * A User as POST and PUT send it. Providers send many more attributes (title, addresses, the enterprise
 * extension…); the console keeps the ones below and ignores the others rather than refuse the whole call.
 */
export const scimUserBody = z.looseObject({
  schemas: z.array(rawText(200)).max(20).optional(),
  /** The e-mail address (Entra ID's userPrincipalName, Okta's login), unless `emails` names the primary one. */
  userName: text({ min: 1, max: 254 }),
  externalId: rawText(200).nullish(),
  active: scimBoolean.optional(),
  name: z
    .looseObject({
      givenName: optionalText(80),
      familyName: optionalText(80),
      formatted: optionalText(200),
    })
    .nullish(),
  displayName: optionalText(200),
  emails: z
    .array(
      z.looseObject({
        value: rawText(254).nullish(),
        type: rawText(50).nullish(),
        primary: scimBoolean.nullish(),
      }),
    )
    .max(20)
    .nullish(),
});
export type ScimUserBody = z.infer<typeof scimUserBody>;

export const scimPatchOperation = z.looseObject({
  // Entra ID capitalises the op ("Replace"); RFC 7644 names them in lower case.
  op: z
    .string()
    .regex(/^(add|replace|remove)$/i, 'add, replace or remove')
    .transform((s) => s.toLowerCase() as 'add' | 'replace' | 'remove'),
  path: rawText(300).optional(),
  value: z.unknown().optional(),
});
export type ScimPatchOperation = z.infer<typeof scimPatchOperation>;

export const scimPatchBody = z.looseObject({
  schemas: z.array(rawText(200)).max(20).optional(),
  Operations: z.array(scimPatchOperation).min(1, 'at least one operation').max(100, 'at most 100 operations'),
});

const integer = (what: string) =>
  z
    .string()
    .regex(/^-?\d{1,9}$/, `${what} is an integer`)
    .transform(Number);

export const scimListQuery = z.object({
  /** `userName eq "…"` (also `emails.value eq "…"`); see docs/sso.md. */
  filter: rawText(500).optional(),
  /** 1-based; anything under 1 is read as 1 (RFC 7644 section 3.4.2.4). */
  startIndex: integer('startIndex').optional(),
  /** Anything under 0 is read as 0, above SCIM_MAX_RESULTS as SCIM_MAX_RESULTS. */
  count: integer('count').optional(),
});

/** Any id the provider sends: one that is not an account id of ours is simply not found (404, not 400). */
const scimIdParam = z.object({ id: rawText(100) });

/** The discovery documents are static; their shape is RFC 7643's, loosely described here. */
const scimDocument = z.looseObject({ schemas: z.array(z.string()) });
const scimDocumentList = z.looseObject({
  schemas: z.array(z.literal(SCIM_SCHEMAS.listResponse)),
  totalResults: z.int(),
  Resources: z.array(scimDocument),
});

export const scimRoutes = {
  scimServiceProviderConfig: defineRoute({
    id: 'scimServiceProviderConfig',
    method: 'GET',
    path: `${SCIM_BASE}/ServiceProviderConfig`,
    auth: 'scim',
    area: 'sso',
    raw: true,
    summary: 'SCIM: what the service supports (PATCH and filter yes; bulk, sort, ETag and passwords no)',
    data: scimDocument,
  }),
  scimResourceTypes: defineRoute({
    id: 'scimResourceTypes',
    method: 'GET',
    path: `${SCIM_BASE}/ResourceTypes`,
    auth: 'scim',
    area: 'sso',
    raw: true,
    summary: 'SCIM: the resource types served (User)',
    data: scimDocumentList,
  }),
  scimSchemas: defineRoute({
    id: 'scimSchemas',
    method: 'GET',
    path: `${SCIM_BASE}/Schemas`,
    auth: 'scim',
    area: 'sso',
    raw: true,
    summary: 'SCIM: the User schema with the attributes the console keeps',
    data: scimDocumentList,
  }),
  scimListUsers: defineRoute({
    id: 'scimListUsers',
    method: 'GET',
    path: `${SCIM_BASE}/Users`,
    auth: 'scim',
    area: 'sso',
    raw: true,
    summary:
      'SCIM: the company’s members of the provider’s e-mail domains, filtered by `userName eq "…"` and paged',
    query: scimListQuery,
    data: scimUserList,
  }),
  scimGetUser: defineRoute({
    id: 'scimGetUser',
    method: 'GET',
    path: `${SCIM_BASE}/Users/:id`,
    auth: 'scim',
    area: 'sso',
    raw: true,
    summary: 'SCIM: one member of the provider’s domains; anyone else is 404',
    params: scimIdParam,
    data: scimUser,
  }),
  scimCreateUser: defineRoute({
    id: 'scimCreateUser',
    method: 'POST',
    path: `${SCIM_BASE}/Users`,
    auth: 'scim',
    area: 'sso',
    raw: true,
    status: 201,
    summary:
      'SCIM: provision a person into the company with the default role (a new account, or their existing one); 409 if a member',
    body: scimUserBody,
    data: scimUser,
  }),
  scimReplaceUser: defineRoute({
    id: 'scimReplaceUser',
    method: 'PUT',
    path: `${SCIM_BASE}/Users/:id`,
    auth: 'scim',
    area: 'sso',
    raw: true,
    summary: 'SCIM: replace a member’s name and active state; `active: false` de-provisions them',
    params: scimIdParam,
    body: scimUserBody,
    data: scimUser,
  }),
  scimPatchUser: defineRoute({
    id: 'scimPatchUser',
    method: 'PATCH',
    path: `${SCIM_BASE}/Users/:id`,
    auth: 'scim',
    area: 'sso',
    raw: true,
    summary:
      'SCIM: change a member’s name or active state; `active: false` ends every session at once and refuses sign-in',
    params: scimIdParam,
    body: scimPatchBody,
    data: scimUser,
  }),
  scimDeleteUser: defineRoute({
    id: 'scimDeleteUser',
    method: 'DELETE',
    path: `${SCIM_BASE}/Users/:id`,
    auth: 'scim',
    area: 'sso',
    raw: true,
    status: 204,
    summary:
      'SCIM: de-provision a member and remove them from the company; their account and everything they made stay',
    params: scimIdParam,
    data: nothing,
  }),
};
