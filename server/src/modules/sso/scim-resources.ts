import { SCIM_BASE, SCIM_MAX_RESULTS, SCIM_SCHEMAS, type ScimUser } from '@fleet/contract';
import type { ScimPersonRow } from './scim-people.js';

/** A person as SCIM shows them: the console's account id, the e-mail as userName, active unless de-provisioned. */
export function toScimUser(row: ScimPersonRow, publicUrl: string): ScimUser {
  const formatted = `${row.firstName} ${row.lastName}`.trim();
  return {
    schemas: [SCIM_SCHEMAS.user],
    id: row.id,
    userName: row.email,
    name: { givenName: row.firstName, familyName: row.lastName, formatted },
    displayName: formatted || row.email,
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: row.disabledAt === null,
    meta: {
      resourceType: 'User',
      created: row.createdAt.toISOString(),
      location: `${publicUrl}${SCIM_BASE}/Users/${row.id}`,
    },
  };
}

/** RFC 7643 section 5: what this service supports. Sorting, ETags, bulk and passwords are not offered. */
export function serviceProviderConfig(publicUrl: string) {
  return {
    schemas: [SCIM_SCHEMAS.serviceProviderConfig],
    documentationUri: `${publicUrl}/opt/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description: 'The company’s SCIM token, made on the console’s single sign-on page',
        primary: true,
      },
    ],
    meta: {
      resourceType: 'ServiceProviderConfig',
      location: `${publicUrl}${SCIM_BASE}/ServiceProviderConfig`,
    },
  };
}

export function resourceTypes(publicUrl: string) {
  const userType = {
    schemas: [SCIM_SCHEMAS.resourceType],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'A person of the company',
    schema: SCIM_SCHEMAS.user,
    meta: { resourceType: 'ResourceType', location: `${publicUrl}${SCIM_BASE}/ResourceTypes/User` },
  };
  return list([userType]);
}

const attribute = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

/** The User schema as far as the console keeps it (RFC 7643 section 7); other attributes are ignored. */
export function schemas(publicUrl: string) {
  const user = {
    schemas: [SCIM_SCHEMAS.schema],
    id: SCIM_SCHEMAS.user,
    name: 'User',
    description: 'A person of the company',
    attributes: [
      attribute('userName', { required: true, uniqueness: 'server', mutability: 'immutable' }),
      attribute('name', {
        type: 'complex',
        subAttributes: [attribute('givenName'), attribute('familyName'), attribute('formatted')],
      }),
      attribute('displayName'),
      attribute('emails', {
        type: 'complex',
        multiValued: true,
        mutability: 'readOnly',
        subAttributes: [attribute('value'), attribute('type'), attribute('primary', { type: 'boolean' })],
      }),
      attribute('active', { type: 'boolean' }),
    ],
    meta: { resourceType: 'Schema', location: `${publicUrl}${SCIM_BASE}/Schemas/${SCIM_SCHEMAS.user}` },
  };
  return list([user]);
}

function list<T>(resources: T[]) {
  return {
    schemas: [SCIM_SCHEMAS.listResponse],
    totalResults: resources.length,
    startIndex: 1,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}
