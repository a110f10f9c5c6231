import type { Fleet } from '../../../fleet/fleet-service.js';
import type { FleetEvent } from '../../../fleet/history/fleet-events.js';
import { buildingKey } from '../../../fleet/instances/instance-registry.js';
import type { DeviceLink } from '../../devices/link/device-link.js';
import type { LiftLink } from '../../lifts/link/lift-link.js';
import type { WebhookDispatcher } from './webhook-dispatcher.js';

/** What tells a robot's event from others of its type, as its delivery's body holds it (null: nothing more). */
function retoldKey(e: FleetEvent): string | null {
  if (e.type === 'task.finished') return `"orderId":${JSON.stringify(e.data.orderId)}`;
  if (e.type === 'robot.error.raised' || e.type === 'robot.error.cleared')
    return `"code":${JSON.stringify(e.data.code)}`;
  return null;
}

/** Lift modes that are an alarm an integrator (a building's BMS) wants to hear about. */
const ALARM_MODES = new Set(['fire', 'emergency']);

/**
 * Feeds the dispatcher from where things happen: the fleet's history (robots online and offline, errors, low
 * battery, finished tasks), the mini devices' calls, and the lifts' modes. Answers how to stop.
 */
export function feedWebhooks(
  dispatcher: WebhookDispatcher,
  fleet: Fleet,
  devices: DeviceLink,
  lifts: LiftLink,
): () => void {
  const alarmed = new Map<string, boolean>();
  const stops = [
    fleet.history.onEvent((e) => {
      // The robot as its integrator knows it, beside its id.
      const robot = fleet.store.identity(e.robotId);
      const event = {
        type: e.type,
        companyId: e.companyId,
        robotId: e.robotId,
        buildingId: e.buildingId,
        at: e.at,
        data: robot ? { robotName: robot.name, serialNumber: robot.serialNumber, ...e.data } : e.data,
      };
      if (e.retold) void dispatcher.publishRetold(event, retoldKey(e));
      else dispatcher.publish(event);
    }),
    devices.onCallEvent((e) =>
      dispatcher.publish({
        type: e.kind === 'callCreated' ? 'call.created' : 'call.answered',
        companyId: e.companyId,
        robotId: null,
        buildingId: e.buildingId,
        at: Date.now(),
        data: { callId: e.callId, deviceId: e.deviceId, label: e.label, ...e.detail },
      }),
    ),
    lifts.store.onChange((identity) => {
      const lift = lifts.store.get(identity.id);
      const mode = lift?.report?.currentMode ?? null;
      const alarm = mode !== null && ALARM_MODES.has(mode);
      const before = alarmed.get(identity.id);
      alarmed.set(identity.id, alarm);
      // A lift first heard in alarm is in alarm: told, unlike a robot first seen online (a lift alarm is rare and
      // matters; missing one after a restart would be worse than telling it twice).
      if (!alarm || before === true) return;
      // Every instance follows the lift; the one carrying its building tells (the robots' events and the calls are
      // told by their own carriers already).
      if (!fleet.ownership.owns(buildingKey(identity.buildingId))) return;
      dispatcher.publish({
        type: 'lift.alarm',
        companyId: identity.companyId,
        robotId: null,
        buildingId: identity.buildingId,
        at: Date.now(),
        data: { liftId: identity.id, name: identity.name, mode },
      });
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
