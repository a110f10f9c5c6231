import { z } from 'zod';
import { text } from '../text.js';
import { volume } from './schedule.js';

/**
 * Where a robot is with a group's active version, from its `actionStates`:
 * - `queued`: not sent yet (the robot is offline) or sent and not yet taken up;
 * - `downloading`: the robot took the download up (INITIALIZING / RUNNING);
 * - `ready`: the robot has every file, checksums verified (FINISHED);
 * - `failed`: the robot said why (FAILED), or never answered; retried on demand;
 * - `unsupported`: the robot does not know our actions (it refused the action as not supported): not retried;
 * - `superseded`: another voice pack speaks the same language on this robot (publishing chose it).
 */
export const AUDIO_DEPLOY_STATES = [
  'queued',
  'downloading',
  'ready',
  'failed',
  'unsupported',
  'superseded',
] as const;
export const audioDeployState = z.enum(AUDIO_DEPLOY_STATES);
export type AudioDeployState = z.infer<typeof audioDeployState>;

export const groupRobot = z.object({
  robotId: z.uuid(),
  robotName: z.string(),
  serialNumber: z.string(),
  buildingName: z.string().nullable(),
  online: z.boolean(),
  /** The version this row is about (the active one, unless the robot is still on an older one). */
  version: z.int(),
  state: audioDeployState,
  /** The robot's own words when it failed or refused; for `superseded`, the pack that won. */
  reason: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});
export type GroupRobot = z.infer<typeof groupRobot>;

export const groupRobotSearch = z.object({
  groupId: z.uuid(),
  state: audioDeployState.optional(),
  /** Part of the robot's name or serial. */
  robot: text({ max: 64 }).optional(),
});

/** What a robot answered to "play now" within a second. */
export const PLAY_OUTCOMES = ['acknowledged', 'refused', 'unsupported', 'noAnswer'] as const;
export const playOutcome = z.object({
  outcome: z.enum(PLAY_OUTCOMES),
  /** The robot's words for a refusal. */
  reason: z.string().nullable(),
  /** The volume sent: the one asked for, held to the building's cap; null when none was (stop). */
  volume: z.int().nullable(),
  actionId: z.string(),
  /** Milliseconds from sending to the robot's answer; null without one. */
  answeredInMs: z.int().nullable(),
});
export type PlayOutcome = z.infer<typeof playOutcome>;

export const playNowBody = z.object({
  robotId: z.uuid(),
  clipId: z.uuid(),
  /** Percent; the building's cap holds it down. Omitted: the cap. */
  volume: volume.optional(),
});
export type PlayNowBody = z.input<typeof playNowBody>;

export const setVolumeBody = z.object({ robotId: z.uuid(), volume });
