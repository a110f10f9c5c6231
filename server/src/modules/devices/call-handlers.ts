import { CALLING_TYPES } from '@fleet/contract';
import { actorDisplayName } from '@fleet/contract/people-names';
import { authorize } from '../../auth/authorize.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { assertServedHere } from '../regions/region-of.js';
import { deviceRule } from './device-rules.js';
import { liveCallDto, toCallDto, toEventDtos } from './dtos.js';
import { deviceCallsPage, deviceEventsPage, findMiniDevice } from './repo.js';

/** What people call the device: its label, or its name when it has none. */
const labelOf = (device: { label: string; name: string }) => device.label || device.name;

type CallRouteId =
  | 'identifyMiniDevice'
  | 'testMiniDeviceCall'
  | 'cancelMiniDeviceCall'
  | 'miniDeviceEvents'
  | 'miniDeviceCalls';

/** What operators do with a device from the console, and what it did: identify, test call, cancel, history. */
export function callHandlers(services: Services): Handlers<CallRouteId> {
  const { reg } = services;
  const link = () => services.devices;
  const deviceOf = async (companyId: string, id: string) => {
    const row = await findMiniDevice(reg, companyId, id);
    if (!row) throw notFound('mini device');
    return row;
  };

  return {
    identifyMiniDevice: async ({ params, body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'devices.manage');
      const device = await deviceOf(session.companyId, params.id);
      const sent = link().command(device.id, {
        type: 'identify',
        seconds: body.seconds,
        timestamp: new Date().toISOString(),
      });
      if (!sent)
        throw conflict(
          `${labelOf(device)} is offline; it cannot beep or blink now`,
          deviceRule('deviceOffline', { device: labelOf(device) }),
        );
      link().event(device, 'identify', { seconds: body.seconds }, { actorId: session.userId });
      await audit(services.dir, session, ip, 'miniDevice.identify', device.id, { name: device.name });
      return { sent: true as const };
    },
    testMiniDeviceCall: async ({ params }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'devices.manage');
      const device = await deviceOf(session.companyId, params.id);
      const label = labelOf(device);
      if (!CALLING_TYPES.includes(device.type))
        throw conflict(
          `${label} does not call robots (it is a ${device.type})`,
          deviceRule('deviceDoesNotCall', { device: label, type: device.type }),
        );
      if (!device.buildingId || !device.floorId || device.pointX === null)
        throw badRequest(
          'params.id',
          `place ${label} at a point of a floor map first`,
          deviceRule('deviceNotPlaced', { device: label }),
        );
      const call = await link().pressCall(device.id, { test: true, by: actorDisplayName(session.profile) });
      if (!call)
        throw conflict(
          `${label} cannot call a robot now`,
          deviceRule('deviceCannotCallNow', { device: label }),
        );
      await audit(services.dir, session, ip, 'miniDevice.testCall', device.id, {
        name: device.name,
        callId: call.call.id,
      });
      return liveCallDto(call, device.label);
    },
    cancelMiniDeviceCall: async ({ params }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'devices.manage');
      const device = await deviceOf(session.companyId, params.id);
      const cancelled = await link().cancelCall(device.id, 'cancelled from the console');
      if (!cancelled)
        throw conflict(
          `${labelOf(device)} has no open call`,
          deviceRule('deviceNoOpenCall', { device: labelOf(device) }),
        );
      await audit(services.dir, session, ip, 'miniDevice.cancelCall', device.id, {
        name: device.name,
        callId: cancelled.call.id,
      });
      return liveCallDto(cancelled, device.label);
    },
    miniDeviceEvents: async ({ body }, { session }) => {
      assertServedHere(services, session);
      authorize(session, 'devices.read');
      const deviceId = body.requestData?.deviceId;
      if (!deviceId) throw badRequest('body.requestData.deviceId', 'required');
      const device = await deviceOf(session.companyId, deviceId);
      // What the link still writes (a step of a moment ago) is on the page.
      await link().records.settled();
      const { rows, total } = await deviceEventsPage(reg, session.companyId, device.id, {
        offset: (body.pageIndex - 1) * body.pageLength,
        limit: body.pageLength,
      });
      return { list: await toEventDtos(services.dir, rows), totalCnt: total };
    },
    miniDeviceCalls: async ({ body }, { session }) => {
      assertServedHere(services, session);
      authorize(session, 'devices.read');
      const filter = body.requestData ?? {};
      if (filter.deviceId) await deviceOf(session.companyId, filter.deviceId);
      await link().records.settled();
      const { rows, total } = await deviceCallsPage(reg, session.companyId, filter, {
        offset: (body.pageIndex - 1) * body.pageLength,
        limit: body.pageLength,
      });
      return { list: rows.map((r) => toCallDto(r, link())), totalCnt: total };
    },
  };
}
