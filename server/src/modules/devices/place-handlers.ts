import { authorize } from '../../auth/authorize.js';
import { notFound } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { assertServedHere } from '../regions/region-of.js';
import { planBulkBind } from './bulk-bind.js';
import { toMiniDeviceDto } from './dtos.js';
import { checkPlace, writePlace } from './place-device.js';
import { findMiniDevice } from './repo.js';

type PlaceRouteId = 'bindMiniBuilding' | 'bulkBindMiniDevices';

/** Where devices belong: one at a time (the floor map's point picked), or many from a file. */
export function placeHandlers(services: Services): Handlers<PlaceRouteId> {
  const { reg } = services;
  const link = () => services.devices;

  return {
    bindMiniBuilding: async ({ body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'devices.manage');
      const device = await findMiniDevice(reg, session.companyId, body.deviceId);
      if (!device) throw notFound('mini device');
      const place = await checkPlace(reg, session.companyId, body);
      // A call waiting at the old place has no robot coming to the new one.
      if (place.buildingId !== device.buildingId || place.floorId !== device.floorId)
        await link().cancelQuietly(
          device.id,
          place.buildingId ? 'the device was moved' : 'the device was unbound',
        );
      await reg.transaction((tx) => writePlace(tx, session.companyId, device.id, place, session.userId));
      const after = await findMiniDevice(reg, session.companyId, device.id);
      if (!after) throw notFound('mini device');
      link().follow(after);
      await audit(
        services.dir,
        session,
        ip,
        place.buildingId ? 'miniDevice.bind' : 'miniDevice.unbind',
        device.id,
        {
          name: device.name,
          from: { building: device.buildingName, floor: device.floorName },
          to: { building: place.buildingName, floor: place.floorName, point: place.point },
        },
      );
      return toMiniDeviceDto(after, link());
    },
    bulkBindMiniDevices: async ({ body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'devices.manage');
      const { plans, rows } = await planBulkBind(reg, session.companyId, body.csv);
      if (!plans.length) return { bound: 0, rows };
      await reg.transaction(async (tx) => {
        for (const p of plans) await writePlace(tx, session.companyId, p.deviceId, p.place, session.userId);
      });
      for (const p of plans) {
        await link().cancelQuietly(p.deviceId, 'the device was moved');
        const after = await findMiniDevice(reg, session.companyId, p.deviceId);
        if (after) link().follow(after);
      }
      for (const p of plans)
        await audit(services.dir, session, ip, 'miniDevice.bind', p.deviceId, {
          name: p.name,
          to: { building: p.place.buildingName, floor: p.place.floorName, point: p.place.point },
          bulk: true,
        });
      return { bound: plans.length, rows };
    },
  };
}
