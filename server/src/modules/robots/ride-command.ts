import type { RobotCommand } from '@fleet/contract';
import { robotCommands } from '../../db/schema/index.js';
import type { Services } from '../../services.js';
import { planRide } from '../lifts/rides/plan-ride.js';
import { commandDtos } from './command-dtos.js';
import type { CommandIssuer } from './command-issuer.js';
import type { Goal } from './station-goal.js';

/**
 * A go-to whose station is on another floor: the lifts area plans the ride (which lift, its landings) and drives
 * it; the command is recorded here, running until the ride ends, then finished or failed with the ride's reason.
 */
export async function rideCommand(
  services: Services,
  issuer: CommandIssuer,
  robot: { id: string; name: string; model: string; buildingId: string },
  position: { x: number; y: number; theta: number; mapId: string },
  goal: Goal,
): Promise<RobotCommand> {
  const { fleet } = services;
  const plan = await planRide(
    { reg: services.reg, link: services.lifts },
    { companyId: issuer.companyId, robot, position, goal },
  );
  const reference = `ride-${plan.rideId}`;
  // The command and its ride are written together: the instance carrying the building runs the ride.
  const { command, ride } = await services.reg.transaction(async (tx) => {
    const [command] = await tx
      .insert(robotCommands)
      .values({
        companyId: issuer.companyId,
        robotId: robot.id,
        type: 'goTo',
        status: 'running',
        reference,
        issuedBy: issuer.userId,
        issuedByApp: issuer.app?.id ?? null,
        issuedByAppName: issuer.app?.name ?? null,
        detail: `${goal.name} (${goal.x}, ${goal.y}), by lift`,
      })
      .returning();
    if (!command) throw new Error('command not recorded');
    const ride = await services.lifts.rides.write(tx, {
      companyId: issuer.companyId,
      plan,
      robotId: robot.id,
      commandId: command.id,
    });
    return { command, ride };
  });
  await issuer.audit(robot.id, {
    // The audit log names the robot even after it is removed.
    name: robot.name,
    type: 'goTo',
    reference,
    stationId: goal.stationId,
    liftId: plan.liftId,
  });
  fleet.history.noteIntervention(robot.id);
  fleet.history.noteOrigin(reference, 'deliver');
  services.lifts.rides.run(ride);
  const [dto] = await commandDtos(services, [command]);
  if (!dto) throw new Error('command not mapped');
  return dto;
}
