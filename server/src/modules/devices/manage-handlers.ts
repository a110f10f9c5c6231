import type { DeviceCredentials } from '@fleet/contract';
import { and, eq, sql } from 'drizzle-orm';
import { authorize } from '../../auth/authorize.js';
import { miniDevices } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/sql-errors.js';
import { conflict, notFound } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { assertServedHere } from '../regions/region-of.js';
import { robotsByIds } from '../robots/repo.js';
import { deviceRule } from './device-rules.js';
import { toMiniDeviceDto } from './dtos.js';
import { exportDevicesCsv } from './export-devices.js';
import { hashDeviceSecret, newDeviceSecret } from './link/device-credentials.js';
import { deviceUsername } from './link/topics.js';
import { findMiniDevice, findMiniDevices } from './repo.js';

type ManageRouteId =
  | 'searchMiniDevices'
  | 'listCompanyMiniDevices'
  | 'getMiniDevice'
  | 'registerMiniDevice'
  | 'editMiniDevice'
  | 'renewMiniDeviceCredentials'
  | 'removeMiniDevice'
  | 'exportMiniDevices';

/** Registering, finding, editing and removing the company's mini devices. */
export function manageHandlers(services: Services): Handlers<ManageRouteId> {
  const { reg, config } = services;
  const link = () => services.devices;
  const credentials = (deviceId: string, name: string, password: string): DeviceCredentials => ({
    deviceId,
    username: deviceUsername(config.devicePrefix, name),
    password,
    topicRoot: deviceUsername(config.devicePrefix, name),
    mqttPort: services.fleet.broker?.port ?? null,
  });
  const deviceOf = async (companyId: string, id: string) => {
    const row = await findMiniDevice(reg, companyId, id);
    if (!row) throw notFound('mini device');
    return row;
  };

  return {
    searchMiniDevices: async ({ body }, { session }) => {
      assertServedHere(services, session);
      authorize(session, 'devices.read');
      const { rows, total } = await findMiniDevices(reg, session.companyId, body.requestData ?? {}, {
        offset: (body.pageIndex - 1) * body.pageLength,
        limit: body.pageLength,
      });
      return { list: rows.map((r) => toMiniDeviceDto(r, link())), totalCnt: total };
    },
    listCompanyMiniDevices: async (_input, { session }) => {
      assertServedHere(services, session);
      authorize(session, 'devices.read');
      return (await findMiniDevices(reg, session.companyId, {})).rows.map((r) => toMiniDeviceDto(r, link()));
    },
    getMiniDevice: async ({ params }, { session }) => {
      assertServedHere(services, session);
      authorize(session, 'devices.read');
      return toMiniDeviceDto(await deviceOf(session.companyId, params.id), link());
    },
    registerMiniDevice: async ({ body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'devices.manage');
      const password = newDeviceSecret();
      let id: string;
      try {
        const [row] = await reg
          .insert(miniDevices)
          .values({
            companyId: session.companyId,
            name: body.name,
            label: body.label,
            type: body.type,
            model: body.model,
            mqttSecretHash: hashDeviceSecret(password),
          })
          .returning({ id: miniDevices.id });
        if (!row) throw new Error('device not registered');
        id = row.id;
      } catch (err) {
        // The name is unique in the region: whose device holds it is not this caller's business.
        if (isUniqueViolation(err))
          throw conflict(
            `body.name: a device named ${body.name} is registered already`,
            deviceRule('deviceNameTaken', { name: body.name }),
          );
        throw err;
      }
      const device = await deviceOf(session.companyId, id);
      link().follow(device);
      await audit(services.dir, session, ip, 'miniDevice.register', id, {
        name: body.name,
        label: body.label,
      });
      return { device: toMiniDeviceDto(device, link()), credentials: credentials(id, body.name, password) };
    },
    editMiniDevice: async ({ body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'devices.manage');
      const before = await deviceOf(session.companyId, body.id);
      // The robots allowed to answer must be the company's own.
      const robots = await robotsByIds(reg, body.allowedRobotIds);
      const foreign = body.allowedRobotIds.filter(
        (rid) => !robots.some((r) => r.id === rid && r.companyId === session.companyId),
      );
      if (foreign.length) throw notFound('robot');
      await reg
        .update(miniDevices)
        .set({
          label: body.label,
          type: body.type,
          model: body.model,
          allowedRobotIds: body.allowedRobotIds,
          allowedModels: body.allowedModels,
          minBattery: body.minBattery,
          heartbeatS: body.heartbeatS,
          updatedAt: sql`now()`,
        })
        .where(and(eq(miniDevices.companyId, session.companyId), eq(miniDevices.id, body.id)));
      const after = await deviceOf(session.companyId, body.id);
      link().follow(after);
      await audit(services.dir, session, ip, 'miniDevice.edit', body.id, {
        name: before.name,
        changes: changed(before, after),
      });
      return toMiniDeviceDto(after, link());
    },
    renewMiniDeviceCredentials: async ({ params }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'devices.manage');
      const device = await deviceOf(session.companyId, params.id);
      const password = newDeviceSecret();
      await reg
        .update(miniDevices)
        .set({ mqttSecretHash: hashDeviceSecret(password), updatedAt: sql`now()` })
        .where(and(eq(miniDevices.companyId, session.companyId), eq(miniDevices.id, device.id)));
      // The old password's connections end now; the device logs in again with the new one.
      services.fleet.broker?.disconnectPeripheral('devices', device.name);
      await audit(services.dir, session, ip, 'miniDevice.renewCredentials', device.id, { name: device.name });
      return credentials(device.id, device.name, password);
    },
    removeMiniDevice: async ({ params }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'devices.manage');
      const device = await deviceOf(session.companyId, params.id);
      // Its open call ends (a robot on its way is called off) before its rows go.
      await link().forget(device.id, 'the device was removed');
      await link().records.settled();
      await reg
        .delete(miniDevices)
        .where(and(eq(miniDevices.companyId, session.companyId), eq(miniDevices.id, device.id)));
      services.fleet.broker?.disconnectPeripheral('devices', device.name);
      await audit(services.dir, session, ip, 'miniDevice.remove', device.id, {
        name: device.name,
        label: device.label,
        building: device.buildingName,
      });
      return { id: device.id };
    },
    exportMiniDevices: async (_input, { session, reply }) => {
      assertServedHere(services, session);
      authorize(session, 'devices.read');
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="devices-${day}.csv"`);
      return exportDevicesCsv(reg, session.companyId, link(), services.log);
    },
  };
}

const EDITABLE = [
  'label',
  'type',
  'model',
  'allowedRobotIds',
  'allowedModels',
  'minBattery',
  'heartbeatS',
] as const;

/** What an edit changed, field by field, for the audit. */
function changed(
  before: Record<(typeof EDITABLE)[number], unknown>,
  after: Record<(typeof EDITABLE)[number], unknown>,
) {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const k of EDITABLE)
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) out[k] = { from: before[k], to: after[k] };
  return out;
}
