import type { CommandType, RobotCommand } from '@fleet/contract';
import { robotCommands } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../errors.js';
import { goToOrder } from '../../fleet/commands/go-to-order.js';
import { instantActionMessage } from '../../fleet/commands/vda-commands.js';
import { vdaHeader } from '../../fleet/commands/vda-header.js';
import { robotTopic } from '../../fleet/vda/topics.js';
import type { Services } from '../../services.js';
import { buildingHasLifts, cancelRide } from '../lifts/rides/plan-ride.js';
import { commandDtos } from './command-dtos.js';
import type { CommandIssuer } from './command-issuer.js';
import { assignedUserIds, robotOf } from './repo.js';
import { rideCommand } from './ride-command.js';
import { type Goal, stationGoal } from './station-goal.js';

type CommandInput =
  | { type: Exclude<CommandType, 'goTo'> }
  | { type: 'goTo'; target?: { x: number; y: number; theta: number; name: string }; stationId?: string };

/**
 * Sends one command to a robot over VDA 5050, records it (with who sent it) and starts following its
 * progress. A robot that is offline, or has no position for a go-to, is refused rather than left waiting.
 */
export async function sendCommand(
  services: Services,
  issuer: CommandIssuer,
  robotId: string,
  input: CommandInput,
): Promise<RobotCommand> {
  const { fleet } = services;
  const row = await robotOf(services.reg, issuer.companyId, robotId);
  issuer.mayOperate(await assignedUserIds(services.reg, row.id));
  // A station that is not there, or in another building, is the caller's mistake whatever the robot's state.
  const station =
    input.type === 'goTo' && input.stationId
      ? await stationGoal(services.reg, issuer.companyId, row, input.stationId)
      : null;
  const live = fleet.store.get(row.id);
  if (live?.connection !== 'ONLINE') throw conflict(`${row.name} is offline; a command cannot reach it`);
  // A station on another floor of a building with lifts: the robot rides one (modules/lifts/rides).
  if (station && live.position && station.mapId !== live.position.mapId && row.buildingId) {
    if (await buildingHasLifts(services.reg, issuer.companyId, row.buildingId))
      return rideCommand(services, issuer, { ...row, buildingId: row.buildingId }, live.position, station);
  }
  // Whatever the robot does next replaces a ride it was on.
  if (input.type === 'goTo' || input.type === 'cancel')
    await cancelRide(services.lifts, row.id, `replaced by a ${input.type} command`);
  const header = vdaHeader(row);
  let topic: 'order' | 'instantActions';
  let payload: object;
  let reference: string;
  let goal: Goal | null = null;
  if (input.type === 'goTo') {
    if (!live.position) throw conflict(`${row.name} has not reported a position yet`);
    const { target } = input;
    // A bare point is on the floor the robot is on now.
    goal = station ?? (target ? { ...target, mapId: live.position.mapId, stationId: target.name } : null);
    if (!goal) throw badRequest('body.target', 'give either target or stationId');
    const order = goToOrder(header, live.position, goal);
    topic = 'order';
    payload = order;
    reference = order.orderId;
  } else {
    const { message, actionId } = instantActionMessage(header, input.type);
    topic = 'instantActions';
    payload = message;
    reference = actionId;
  }
  const [command] = await services.reg
    .insert(robotCommands)
    .values({
      companyId: issuer.companyId,
      robotId: row.id,
      type: input.type,
      status: 'sent',
      reference,
      issuedBy: issuer.userId,
      issuedByApp: issuer.app?.id ?? null,
      issuedByAppName: issuer.app?.name ?? null,
      detail: goal ? `${goal.name} (${goal.x}, ${goal.y})` : null,
    })
    .returning();
  if (!command) throw new Error('command not recorded');
  await issuer.audit(row.id, {
    // The audit log names the robot even after it is removed.
    name: row.name,
    type: input.type,
    reference,
    ...(station ? { stationId: station.stationId } : {}),
  });
  fleet.commands.follow({ id: command.id, robotId: row.id, type: input.type, reference });
  // For analysis: a person or an application acting on the robot intervenes in its task; a go-to starts a delivery.
  fleet.history.noteIntervention(row.id);
  if (input.type === 'goTo') fleet.history.noteOrigin(reference, 'deliver');
  await fleet.bus.publish(
    robotTopic(fleet.prefix, row.manufacturer, row.serialNumber, topic),
    JSON.stringify(payload),
    {
      qos: 1,
    },
  );
  const [dto] = await commandDtos(services, [command]);
  if (!dto) throw new Error('command not mapped');
  return dto;
}
