import { AUDIO_ACTIONS, cappedVolume, isQuietAt, type PlayOutcome, type RidePhase } from '@fleet/contract';
import { authorize } from '../../../auth/authorize.js';
import type { Session } from '../../../auth/sessions.js';
import { conflict } from '../../../errors.js';
import type { Handlers } from '../../../http/handlers.js';
import type { Services } from '../../../services.js';
import { audit } from '../../audit/record-audit.js';
import { robotOf } from '../../robots/repo.js';
import { clipOf } from '../clips/clip-repo.js';
import { rulesForRobot } from '../rules/building-rules.js';

/** A robot fetches a clip to play now through a link that holds this long. */
const PLAY_LINK_S = 10 * 60;
/** Phases of a ride in or at the lift car: nothing plays then (the car is small and others ride it). */
const IN_LIFT: readonly RidePhase[] = ['calling', 'boarding', 'riding', 'exiting'];

/**
 * Sound on one robot now: a clip once (a test, an announcement), stop, or its volume. Each is refused before it
 * is sent when the robot is offline, in its building's quiet hours, or in a lift; the volume is held to the
 * building's cap. The answer is what the robot said within a second.
 */
export function playHandlers(services: Services): Handlers<'playAudioNow' | 'stopAudio' | 'setAudioVolume'> {
  async function reachable(session: Session, robotId: string, forSound: boolean) {
    authorize(session, 'audio.operate');
    const robot = await robotOf(services.reg, session.companyId, robotId);
    if (services.fleet.store.facts(robot.id)?.connection !== 'ONLINE') {
      throw conflict(`${robot.name} is offline`, { rule: 'robotOffline', params: { robot: robot.name } });
    }
    const rules = await rulesForRobot(services.reg, session.companyId, robot.buildingId);
    if (forSound) {
      if (isQuietAt(rules.quietHours, rules.timeZone, new Date())) {
        throw conflict(`${robot.name}'s building is in its quiet hours`, {
          rule: 'quietHours',
          params: { robot: robot.name },
        });
      }
      const ride = services.lifts.sessions.rideOf(robot.id);
      if (ride && IN_LIFT.includes(ride.phase)) {
        throw conflict(`${robot.name} is in a lift`, { rule: 'inLift', params: { robot: robot.name } });
      }
    }
    return { robot, rules };
  }

  return {
    playAudioNow: async ({ body }, { session, ip }): Promise<PlayOutcome> => {
      const { robot, rules } = await reachable(session, body.robotId, true);
      const clip = await clipOf(services.reg, session.companyId, body.clipId);
      const volume = cappedVolume(body.volume, rules.volumeCap);
      const { token } = services.links.sign('audio-listen', { ids: [clip.id], numbers: [] }, PLAY_LINK_S);
      const answer = await services.audio.instant(
        robot,
        AUDIO_ACTIONS.play,
        {
          clipId: clip.id,
          url: `${services.config.publicUrl}/opt/v1/audio/listen/${token}`,
          sha256: clip.sha256,
          volume,
        },
        services.config.audioPlayWaitMs,
      );
      await audit(services.dir, session, ip, 'audio.play', robot.id, {
        name: robot.name,
        clip: clip.name,
        volume,
        outcome: answer.outcome,
      });
      return { ...answer, volume };
    },

    stopAudio: async ({ body }, { session, ip }): Promise<PlayOutcome> => {
      const { robot } = await reachable(session, body.robotId, false);
      const answer = await services.audio.instant(
        robot,
        AUDIO_ACTIONS.stop,
        {},
        services.config.audioPlayWaitMs,
      );
      await audit(services.dir, session, ip, 'audio.stop', robot.id, {
        name: robot.name,
        outcome: answer.outcome,
      });
      return { ...answer, volume: null };
    },

    setAudioVolume: async ({ body }, { session, ip }): Promise<PlayOutcome> => {
      const { robot, rules } = await reachable(session, body.robotId, false);
      const volume = cappedVolume(body.volume, rules.volumeCap);
      const answer = await services.audio.instant(
        robot,
        AUDIO_ACTIONS.setVolume,
        { volume },
        services.config.audioPlayWaitMs,
      );
      await audit(services.dir, session, ip, 'audio.volume', robot.id, {
        name: robot.name,
        volume,
        outcome: answer.outcome,
      });
      return { ...answer, volume };
    },
  };
}
