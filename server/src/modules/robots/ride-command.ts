import type { RobotCommand } from '@fleet/contract';
import type { Session } from '../../auth/sessions.js';
import { robotCommands } from '../../db/schema/index.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { planRide, startRide } from '../lifts/rides/plan-ride.js';
import { commandDtos } from './command-dtos.js';
import type { Goal } from './station-goal.js';

/**
 * A go-to whose station is on another floor: the lifts area plans the ride (which lift, its landings) and drives
 * it; the command is recorded here, running until the ride ends, then finished or failed with the ride's reason.
 */
export async function rideCommand(
  services: Services,
  session: Session,
  ip: string,
  robot: { id: string; name: string; model: string; buildingId: string },
  position: { x: number; y: number; theta: number; mapId: string },
  goal: Goal,
): Promise<RobotCommand> {
  const { fleet } = services;
  const plan = await planRide(
    { reg: services.reg, link: services.lifts },
    { companyId: session.companyId, robot, position, goal },
  );
  const reference = `ride-${plan.rideId}`;
  const [command] = await services.reg
    .insert(robotCommands)
    .values({
      companyId: session.companyId,
      robotId: robot.id,
      type: 'goTo',
      status: 'running',
      reference,
      issuedBy: session.userId,
      detail: `${goal.name} (${goal.x}, ${goal.y}), by lift`,
    })
    .returning();
  if (!command) throw new Error('command not recorded');
  await audit(services.dir, session, ip, 'robot.command', robot.id, {
    type: 'goTo',
    reference,
    stationId: goal.stationId,
    liftId: plan.liftId,
  });
  fleet.history.noteIntervention(robot.id);
  fleet.history.noteOrigin(reference, 'deliver');
  startRide(services.lifts, plan, robot.id, (outcome) =>
    fleet.commands.record(
      command.id,
      outcome.finished ? 'finished' : 'failed',
      outcome.finished ? null : outcome.reason,
    ),
  );
  const [dto] = await commandDtos(services, [command]);
  if (!dto) throw new Error('command not mapped');
  return dto;
}
