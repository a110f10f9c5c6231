import { z } from 'zod';
import { nothing, pageBody, pageResult } from '../envelope.js';
import { defineRoute } from '../route.js';
import { text } from '../text.js';
import { email, personName, phoneNumber, phonePrefix, role } from './fields.js';

/** The signed-in user in the token's company (PEOPLE-ME). */
export const me = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phonePrefix: phonePrefix.nullable(),
  phoneNumber: z.string().nullable(),
  companyId: z.uuid(),
  companyName: z.string(),
  role,
  isOwner: z.boolean(),
  isAdmin: z.boolean(),
  isSuperAdmin: z.boolean(),
  isSuperCompanyMember: z.boolean(),
  enableAudio: z.boolean(),
});
export type Me = z.infer<typeof me>;

export const person = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phonePrefix: phonePrefix.nullable(),
  phoneNumber: z.string().nullable(),
  role,
  enableAudio: z.boolean(),
  robotIds: z.array(z.uuid()),
  customRoleIds: z.array(z.uuid()),
  lastSignInAt: z.iso.datetime().nullable(),
  joinedAt: z.iso.datetime(),
});
export type Person = z.infer<typeof person>;

const phoneFields = {
  phonePrefix: phonePrefix.nullable().optional(),
  phoneNumber: phoneNumber.nullable().optional(),
};

export const createPersonBody = z.object({
  firstName: personName,
  lastName: personName,
  email,
  ...phoneFields,
  role: z.enum(['admin', 'staff']).default('staff'),
  enableAudio: z.boolean().default(false),
});
export const editPersonBody = z.object({
  id: z.uuid(),
  firstName: personName.optional(),
  lastName: personName.optional(),
  ...phoneFields,
  enableAudio: z.boolean().optional(),
});
export const personIdBody = z.object({ id: z.uuid() });
export const userIdBody = z.object({ userId: z.uuid() });
export const assignRobotsBody = z.object({
  userId: z.uuid(),
  robotIds: z.array(z.uuid()).max(1000, 'at most 1000 robots'),
});

export const PERSON_SORT_FIELDS = ['name', 'email', 'role', 'lastSignInAt', 'joinedAt'] as const;
export const personSearch = z.object({
  keyword: text({ max: 100 }).optional(),
  role: role.optional(),
  sortBy: z.enum(PERSON_SORT_FIELDS).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});

export const userScopeQuery = z.object({ userId: z.uuid().optional() });

export const userDevice = z.object({
  id: z.uuid(),
  name: z.string(),
  serialNumber: z.string(),
  buildingId: z.uuid().nullable(),
});
export const userBuilding = z.object({ id: z.uuid(), name: z.string() });

export const peopleRoutes = {
  me: defineRoute({
    id: 'me',
    method: 'GET',
    path: '/opt/v1/user/me',
    auth: 'user',
    area: 'people',
    summary: 'The signed-in user in the token’s company',
    data: me,
  }),
  createPerson: defineRoute({
    id: 'createPerson',
    method: 'POST',
    path: '/opt/v1/user',
    auth: 'user',
    area: 'people',
    summary: 'Add a person to the company (an existing account is added, not duplicated)',
    body: createPersonBody,
    data: person,
  }),
  editPerson: defineRoute({
    id: 'editPerson',
    method: 'PUT',
    path: '/opt/v1/user',
    auth: 'user',
    area: 'people',
    summary: 'Edit a person of the company',
    body: editPersonBody,
    data: person,
  }),
  removePerson: defineRoute({
    id: 'removePerson',
    method: 'DELETE',
    path: '/opt/v1/user',
    auth: 'user',
    area: 'people',
    summary: 'Remove a person from the company; their sessions in it end at once',
    body: personIdBody,
    data: nothing,
  }),
  assignRobots: defineRoute({
    id: 'assignRobots',
    method: 'POST',
    path: '/opt/v1/user/assign-car',
    auth: 'user',
    area: 'people',
    summary: 'Set the robots a person may operate',
    body: assignRobotsBody,
    data: person,
  }),
  listPeople: defineRoute({
    id: 'listPeople',
    method: 'GET',
    path: '/opt/v1/user/list',
    auth: 'user',
    area: 'people',
    summary: 'All people of the company, optionally filtered by a keyword',
    query: z.object({ keyword: text({ max: 100 }).optional() }),
    data: z.array(person),
  }),
  searchPeople: defineRoute({
    id: 'searchPeople',
    method: 'POST',
    path: '/opt/v1/user/search',
    auth: 'user',
    area: 'people',
    summary: 'People of the company, paged, filtered and sorted',
    body: pageBody(personSearch),
    data: pageResult(person),
  }),
  exportPeople: defineRoute({
    id: 'exportPeople',
    method: 'GET',
    path: '/opt/v1/user/export',
    auth: 'user',
    area: 'people',
    summary: 'The people of the company as a CSV file (same filters as the search)',
    query: z.object({ keyword: text({ max: 100 }).optional(), role: role.optional() }),
    data: z.string(),
    raw: true,
    download: true,
  }),
  userDevices: defineRoute({
    id: 'userDevices',
    method: 'GET',
    path: '/opt/v1/user/devices',
    auth: 'user',
    area: 'people',
    summary: 'Robots assigned to a person (the caller when no userId)',
    query: userScopeQuery,
    data: z.array(userDevice),
  }),
  userBuildings: defineRoute({
    id: 'userBuildings',
    method: 'GET',
    path: '/opt/v1/user/buildings',
    auth: 'user',
    area: 'people',
    summary: 'Buildings a person works in (the caller when no userId)',
    query: userScopeQuery,
    data: z.array(userBuilding),
  }),
  setAdmin: defineRoute({
    id: 'setAdmin',
    method: 'POST',
    path: '/opt/admin/company/set-admin',
    auth: 'user',
    area: 'people',
    summary: 'Make a staff member an administrator (owner only)',
    body: userIdBody,
    data: nothing,
  }),
  unsetAdmin: defineRoute({
    id: 'unsetAdmin',
    method: 'POST',
    path: '/opt/admin/company/unset-admin',
    auth: 'user',
    area: 'people',
    summary: 'Make an administrator staff again (owner only)',
    body: userIdBody,
    data: nothing,
  }),
  transferOwner: defineRoute({
    id: 'transferOwner',
    method: 'POST',
    path: '/opt/admin/company/transfer-owner',
    auth: 'user',
    area: 'people',
    summary: 'Hand the company to another member; the old owner becomes administrator (owner only)',
    body: userIdBody,
    data: nothing,
  }),
};
