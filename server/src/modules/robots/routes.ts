import type { LiveRobot } from '@fleet/contract';
import { authorize } from '../../auth/authorize.js';
import { isUniqueViolation } from '../../db/sql-errors.js';
import { conflict, notFound } from '../../errors.js';
import { robotHistory } from '../../fleet/history/robot-history.js';
import { identityOf } from '../../fleet/identity-of.js';
import { hashRobotSecret, newRobotSecret } from '../../fleet/robot-credentials.js';
import { robotUsername } from '../../fleet/vda/topics.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { followTargets } from '../audio/deploy/follow-targets.js';
import { audit } from '../audit/record-audit.js';
import { assertServedHere } from '../regions/region-of.js';
import { commandDtos } from './command-dtos.js';
import { personIssuer } from './command-issuer.js';
import {
  assertBuildingOf,
  deleteRobot,
  insertRobot,
  latestCommandsOf,
  type RobotRow,
  robotOf,
  updateRobot,
} from './repo.js';
import { sendCommand } from './send-command.js';

type RobotRouteId =
  | 'listRobots'
  | 'getRobot'
  | 'registerRobot'
  | 'editRobot'
  | 'removeRobot'
  | 'renewRobotCredentials'
  | 'sendCommand'
  | 'listCommands'
  | 'robotHistory';

const COMMAND_HISTORY = 50;

export function robotHandlers(services: Services): Handlers<RobotRouteId> {
  const { reg, fleet } = services;
  const live = (id: string): LiveRobot => {
    const robot = fleet.store.get(id);
    if (!robot) throw notFound('robot');
    return robot;
  };
  const credentials = (manufacturer: string, serialNumber: string, password: string) => ({
    username: robotUsername(manufacturer, serialNumber),
    password,
    topicPrefix: `${fleet.prefix}/${manufacturer}/${serialNumber}`,
    mqttPort: fleet.broker?.port ?? null,
  });

  return {
    listRobots: async ({ query }, { session }) => {
      assertServedHere(services, session);
      authorize(session, 'robots.read');
      return fleet.store.list(session.companyId, query.buildingId ? { buildingId: query.buildingId } : {});
    },
    getRobot: async ({ params }, { session }) => {
      assertServedHere(services, session);
      authorize(session, 'robots.read');
      return live((await robotOf(reg, session.companyId, params.id)).id);
    },
    registerRobot: async ({ body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'robots.manage');
      await assertBuildingOf(reg, session.companyId, body.buildingId);
      const password = newRobotSecret();
      let row: RobotRow;
      try {
        row = await insertRobot(reg, {
          companyId: session.companyId,
          name: body.name,
          model: body.model,
          manufacturer: body.manufacturer,
          serialNumber: body.serialNumber,
          buildingId: body.buildingId ?? null,
          expectedIntervalSeconds: body.expectedIntervalSeconds ?? 30,
          mqttSecretHash: hashRobotSecret(password),
        });
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw conflict(
            `body.serialNumber: ${body.manufacturer} ${body.serialNumber} is registered already`,
          );
        }
        throw err;
      }
      fleet.store.register(identityOf(row));
      // Audio groups aimed at its building reach it too.
      await followTargets(services, session.companyId, row.id);
      await audit(services.dir, session, ip, 'robot.register', row.id, {
        name: row.name,
        serialNumber: row.serialNumber,
      });
      return { robot: live(row.id), credentials: credentials(row.manufacturer, row.serialNumber, password) };
    },
    editRobot: async ({ body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'robots.manage');
      await robotOf(reg, session.companyId, body.id);
      await assertBuildingOf(reg, session.companyId, body.buildingId);
      const { id, ...changes } = body;
      const row = await updateRobot(reg, session.companyId, id, changes);
      if (!row) throw notFound('robot');
      fleet.store.register(identityOf(row));
      if (changes.buildingId !== undefined) await followTargets(services, session.companyId, row.id);
      await audit(services.dir, session, ip, 'robot.edit', row.id, { fields: Object.keys(changes) });
      return live(row.id);
    },
    removeRobot: async ({ params }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'robots.manage');
      const row = await robotOf(reg, session.companyId, params.id);
      await deleteRobot(reg, session.companyId, row.id);
      fleet.store.unregister(row.id);
      fleet.broker?.disconnect(row.manufacturer, row.serialNumber);
      await audit(services.dir, session, ip, 'robot.remove', row.id, {
        name: row.name,
        serialNumber: row.serialNumber,
      });
      return null;
    },
    renewRobotCredentials: async ({ params }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'robots.manage');
      const row = await robotOf(reg, session.companyId, params.id);
      const password = newRobotSecret();
      await updateRobot(reg, session.companyId, row.id, { mqttSecretHash: hashRobotSecret(password) });
      fleet.broker?.disconnect(row.manufacturer, row.serialNumber);
      await audit(services.dir, session, ip, 'robot.renewCredentials', row.id);
      return credentials(row.manufacturer, row.serialNumber, password);
    },
    sendCommand: ({ params, body }, { session, ip }) => {
      assertServedHere(services, session);
      return sendCommand(services, personIssuer(services, session, ip), params.id, body);
    },
    listCommands: async ({ params }, { session }) => {
      assertServedHere(services, session);
      authorize(session, 'robots.read');
      const row = await robotOf(reg, session.companyId, params.id);
      return commandDtos(services, await latestCommandsOf(reg, row.id, COMMAND_HISTORY));
    },
    robotHistory: async ({ params, query }, { session }) => {
      assertServedHere(services, session);
      authorize(session, 'robots.read');
      const row = await robotOf(reg, session.companyId, params.id);
      return robotHistory(reg, session.companyId, row.id, query.hours);
    },
  };
}
