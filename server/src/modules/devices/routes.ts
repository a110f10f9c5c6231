import { authorize } from '../../auth/authorize.js';
import { notFound } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { buildingOf } from '../buildings/repo.js';
import { assertServedHere } from '../regions/region-of.js';
import { findMiniDevice, findMiniDevices, setDeviceBuilding } from './repo.js';

type DeviceRouteId = 'searchMiniDevices' | 'bindMiniBuilding' | 'listCompanyMiniDevices' | 'getMiniDevice';

export function deviceHandlers(services: Services): Handlers<DeviceRouteId> {
  const { reg } = services;
  return {
    searchMiniDevices: async ({ body }, { session }) => {
      assertServedHere(services, session);
      authorize(session, 'devices.read');
      const { list, total } = await findMiniDevices(reg, session.companyId, body.requestData ?? {}, {
        offset: (body.pageIndex - 1) * body.pageLength,
        limit: body.pageLength,
      });
      return { list, totalCnt: total };
    },
    listCompanyMiniDevices: async (_input, { session }) => {
      assertServedHere(services, session);
      authorize(session, 'devices.read');
      return (await findMiniDevices(reg, session.companyId, {})).list;
    },
    getMiniDevice: async ({ params }, { session }) => {
      assertServedHere(services, session);
      authorize(session, 'devices.read');
      const device = await findMiniDevice(reg, session.companyId, params.id);
      if (!device) throw notFound('mini device');
      return device;
    },
    bindMiniBuilding: async ({ body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'devices.manage');
      const device = await findMiniDevice(reg, session.companyId, body.deviceId);
      if (!device) throw notFound('mini device');
      if (body.buildingId) await buildingOf(reg, session.companyId, body.buildingId);
      await setDeviceBuilding(reg, session.companyId, device.id, body.buildingId);
      await audit(services.dir, session, ip, 'miniDevice.bindBuilding', device.id, {
        from: device.buildingId,
        to: body.buildingId,
      });
      const updated = await findMiniDevice(reg, session.companyId, device.id);
      if (!updated) throw notFound('mini device');
      return updated;
    },
  };
}
