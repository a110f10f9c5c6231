import { SCIM_MAX_RESULTS, SCIM_SCHEMAS } from '@fleet/contract';
import { notFound } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { changeScimPerson } from './change-scim-person.js';
import { provisionScimPerson } from './provision-scim-person.js';
import { readPatch, readUser } from './read-scim-changes.js';
import { removeScimPerson } from './remove-scim-person.js';
import { parseScimFilter } from './scim-filter.js';
import { listScimPeople, scimPersonById } from './scim-people.js';
import { resourceTypes, schemas, serviceProviderConfig, toScimUser } from './scim-resources.js';

export type ScimRouteId =
  | 'scimServiceProviderConfig'
  | 'scimResourceTypes'
  | 'scimSchemas'
  | 'scimListUsers'
  | 'scimGetUser'
  | 'scimCreateUser'
  | 'scimReplaceUser'
  | 'scimPatchUser'
  | 'scimDeleteUser';

/** The SCIM 2.0 Users service; register-contract has checked the bearer token and answers in SCIM's media type. */
export function scimHandlers(services: Services): Handlers<ScimRouteId> {
  const { dir, config } = services;
  return {
    scimServiceProviderConfig: async () => serviceProviderConfig(config.publicUrl),
    scimResourceTypes: async () => resourceTypes(config.publicUrl),
    scimSchemas: async () => schemas(config.publicUrl),
    scimListUsers: async ({ query }, { scim }) => {
      const filter = parseScimFilter(query.filter);
      // RFC 7644 section 3.4.2.4: a start under 1 is 1, a count under 0 is 0, one over the maximum the maximum.
      const startIndex = Math.max(1, query.startIndex ?? 1);
      const limit = Math.min(SCIM_MAX_RESULTS, Math.max(0, query.count ?? SCIM_MAX_RESULTS));
      const { rows, total } = await listScimPeople(dir, scim, {
        ...(filter ? { email: filter.email } : {}),
        offset: startIndex - 1,
        limit,
      });
      return {
        schemas: [SCIM_SCHEMAS.listResponse],
        totalResults: total,
        startIndex,
        itemsPerPage: rows.length,
        Resources: rows.map((row) => toScimUser(row, config.publicUrl)),
      };
    },
    scimGetUser: async ({ params }, { scim }) => {
      const row = await scimPersonById(dir, scim, params.id);
      if (!row) throw notFound('User');
      return toScimUser(row, config.publicUrl);
    },
    scimCreateUser: async ({ body }, { scim, ip, reply }) => {
      const made = await provisionScimPerson(services, scim, readUser(body), ip);
      reply.header('location', made.meta.location);
      return made;
    },
    scimReplaceUser: ({ params, body }, { scim, ip }) =>
      changeScimPerson(services, scim, params.id, readUser(body), ip),
    scimPatchUser: ({ params, body }, { scim, ip }) =>
      changeScimPerson(services, scim, params.id, readPatch(body.Operations), ip),
    scimDeleteUser: async ({ params }, { scim, ip }) => {
      await removeScimPerson(services, scim, params.id, ip);
      return null;
    },
  };
}
