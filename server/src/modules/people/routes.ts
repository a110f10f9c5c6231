import { authorize } from '../../auth/authorize.js';
import type { Session } from '../../auth/sessions.js';
import { notFound } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { buildingNameList } from '../buildings/repo.js';
import { robotsAssignedTo } from '../robots/repo.js';
import { addPerson } from './add-person.js';
import { assignRobots } from './assign-robots.js';
import { setAdmin, transferOwner } from './change-role.js';
import { editPerson } from './edit-person.js';
import { exportPeopleCsv } from './export-people.js';
import { peopleDtos } from './people-dtos.js';
import { removePerson } from './remove-person.js';
import { findPeople, findPerson } from './repo.js';

type PeopleRouteId =
  | 'me'
  | 'createPerson'
  | 'editPerson'
  | 'removePerson'
  | 'assignRobots'
  | 'listPeople'
  | 'searchPeople'
  | 'exportPeople'
  | 'userDevices'
  | 'userBuildings'
  | 'setAdmin'
  | 'unsetAdmin'
  | 'transferOwner';

export function peopleHandlers(services: Services): Handlers<PeopleRouteId> {
  const { dir, reg } = services;

  /** The person a "whose devices" question is about: the caller unless another member is named. */
  async function subject(session: Session, userId: string | undefined) {
    const person = await findPerson(dir, session.companyId, userId ?? session.userId);
    if (person) return person;
    if (!userId && session.role === 'admin') return null; // a super admin or parent admin without own membership
    throw notFound('person');
  }

  return {
    // Everything `me` shows came with the session: no query of its own.
    me: async (_input, { session }) => ({
      id: session.userId,
      ...session.profile,
      companyId: session.companyId,
      role: session.role,
      isOwner: session.role === 'owner',
      isAdmin: session.role === 'admin',
      isSuperAdmin: session.isSuperAdmin,
    }),
    createPerson: ({ body }, { session, ip }) => addPerson(services, session, body, ip),
    editPerson: ({ body }, { session, ip }) => editPerson(services, session, body, ip),
    removePerson: async ({ body }, { session, ip }) => {
      await removePerson(services, session, body.id, ip);
      return null;
    },
    assignRobots: ({ body }, { session, ip }) => assignRobots(services, session, body, ip),
    listPeople: async ({ query }, { session }) => {
      authorize(session, 'people.read');
      const { rows } = await findPeople(dir, session.companyId, { keyword: query.keyword });
      return peopleDtos(services, session.companyId, rows);
    },
    searchPeople: async ({ body }, { session }) => {
      authorize(session, 'people.read');
      const q = body.requestData ?? {};
      const { rows, total } = await findPeople(
        dir,
        session.companyId,
        { keyword: q.keyword, role: q.role },
        {
          offset: (body.pageIndex - 1) * body.pageLength,
          limit: body.pageLength,
          sortBy: q.sortBy,
          sortOrder: q.sortOrder,
        },
      );
      return { list: await peopleDtos(services, session.companyId, rows), totalCnt: total };
    },
    exportPeople: async ({ query }, { session, reply }) => {
      authorize(session, 'people.read');
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="people-${day}.csv"`);
      return exportPeopleCsv(dir, session.companyId, query, services.log);
    },
    userDevices: async ({ query }, { session }) => {
      authorize(session, 'people.read');
      const person = await subject(session, query.userId);
      if (!person) return [];
      return robotsAssignedTo(reg, session.companyId, person.id);
    },
    userBuildings: async ({ query }, { session }) => {
      authorize(session, 'people.read');
      const person = await subject(session, query.userId);
      // Owners and administrators work in every building; staff where their robots are.
      if (person?.role !== 'staff') return buildingNameList(reg, session.companyId);
      const assigned = await robotsAssignedTo(reg, session.companyId, person.id);
      const ids = [...new Set(assigned.map((a) => a.buildingId).filter((id): id is string => id !== null))];
      if (!ids.length) return [];
      return buildingNameList(reg, session.companyId, ids);
    },
    setAdmin: async ({ body }, { session, ip }) => {
      await setAdmin(services, session, body.userId, true, ip);
      return null;
    },
    unsetAdmin: async ({ body }, { session, ip }) => {
      await setAdmin(services, session, body.userId, false, ip);
      return null;
    },
    transferOwner: async ({ body }, { session, ip }) => {
      await transferOwner(services, session, body.userId, ip);
      return null;
    },
  };
}
