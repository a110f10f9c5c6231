import type { Person } from '@fleet/contract';
import type { Services } from '../../services.js';
import { robotIdsOf } from '../robots/repo.js';
import { customRoleIdsOf } from '../roles/repo.js';
import { type PersonRow, toPersonDto } from './repo.js';

/** People as the API shows them: with their robots (regional) and custom roles (directory). */
export async function peopleDtos(
  services: Services,
  companyId: string,
  rows: PersonRow[],
): Promise<Person[]> {
  const ids = rows.map((r) => r.id);
  const [robots, roles] = await Promise.all([
    robotIdsOf(services.reg, companyId, ids),
    customRoleIdsOf(services.dir, companyId, ids),
  ]);
  return rows.map((r) => toPersonDto(r, robots.get(r.id) ?? [], roles.get(r.id) ?? []));
}

export async function personDto(services: Services, companyId: string, row: PersonRow): Promise<Person> {
  const [dto] = await peopleDtos(services, companyId, [row]);
  if (!dto) throw new Error('person not mapped');
  return dto;
}
