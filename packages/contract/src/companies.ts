import { z } from 'zod';
import { pageBody, pageResult } from './envelope.js';
import { REGION_CODE } from './regions.js';
import { defineRoute } from './route.js';
import { text } from './text.js';

export const companyListItem = z.object({
  id: z.uuid(),
  name: z.string(),
  isSubsidiary: z.boolean(),
  parentId: z.uuid().nullable(),
  region: REGION_CODE,
});
export type CompanyListItem = z.infer<typeof companyListItem>;

export const subsidiary = companyListItem.extend({
  peopleCount: z.int().min(0),
  createdAt: z.iso.datetime(),
});
export type Subsidiary = z.infer<typeof subsidiary>;

export const companyName = text({ min: 1, max: 120 });

export const deviceOwner = z.object({
  /** A mini device found by its name, or a robot by its serial number. */
  kind: z.enum(['miniDevice', 'robot']),
  deviceId: z.uuid(),
  deviceName: z.string(),
  companyId: z.uuid(),
  companyName: z.string(),
  region: REGION_CODE,
});
export type DeviceOwner = z.infer<typeof deviceOwner>;

const deviceNameQuery = z.object({
  deviceName: text({ min: 1, max: 120 }),
});

export const companyRoutes = {
  listCompanies: defineRoute({
    id: 'listCompanies',
    method: 'GET',
    path: '/opt/admin/company/list',
    auth: 'user',
    area: 'companies',
    summary: 'Every company for a super admin; the caller’s own companies otherwise',
    data: z.array(companyListItem),
  }),
  listOnesCompanies: defineRoute({
    id: 'listOnesCompanies',
    method: 'GET',
    path: '/opt/admin/company/list-ones-companies',
    auth: 'user',
    area: 'companies',
    summary: 'The caller’s companies, filtered by name (case-insensitive)',
    query: z.object({ companyName: text({ max: 120 }).optional() }),
    data: z.array(companyListItem),
  }),
  searchSubsidiaries: defineRoute({
    id: 'searchSubsidiaries',
    method: 'POST',
    path: '/opt/admin/company/search-subsidiaries',
    auth: 'user',
    area: 'companies',
    summary: 'Subsidiaries of the token’s company, paged',
    body: pageBody(z.object({ name: text({ max: 120 }).optional() })),
    data: pageResult(subsidiary),
  }),
  createSubsidiary: defineRoute({
    id: 'createSubsidiary',
    method: 'POST',
    path: '/opt/admin/company/subsidiary',
    auth: 'user',
    area: 'companies',
    summary: 'Create a subsidiary of the token’s company, in its region and owned by its owner',
    body: z.object({ name: companyName }),
    data: subsidiary,
  }),
  renameSubsidiary: defineRoute({
    id: 'renameSubsidiary',
    method: 'PUT',
    path: '/opt/admin/company/subsidiary',
    auth: 'user',
    area: 'companies',
    summary: 'Rename a subsidiary of the token’s company',
    body: z.object({ id: z.uuid(), name: companyName }),
    data: subsidiary,
  }),
  searchByDevice: defineRoute({
    id: 'searchByDevice',
    method: 'GET',
    path: '/opt/admin/company/search-by-device',
    auth: 'superAdmin',
    area: 'companies',
    summary:
      'Which companies own mini devices whose name, or robots whose serial number, contains deviceName (super admin)',
    query: deviceNameQuery,
    data: z.array(deviceOwner),
  }),
  companyByDeviceName: defineRoute({
    id: 'companyByDeviceName',
    method: 'GET',
    path: '/tars/api/v1/opt/get-company-by-device-name',
    auth: 'superAdmin',
    area: 'companies',
    summary: 'Gateway form of search-by-device for other services (super admin)',
    query: deviceNameQuery,
    data: z.array(deviceOwner),
  }),
};
