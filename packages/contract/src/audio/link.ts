import { z } from 'zod';
import { audioFormat } from './clips.js';
import { audioGroupKind, eventSlot } from './groups.js';
import { playlistSchedule, quietHours, volume } from './schedule.js';

/*
 * The audio link: VDA 5050 instant actions of our own types on the robot's `instantActions` topic, answered in
 * the robot's `state.actionStates` (docs/protocols.md "Audio on robots"). A robot that does not know a type
 * refuses it as not supported (vda-5050-lib: an `instantActionError` naming the action's id), and the console
 * shows it as such. This file is the one definition of the actions' parameters and of the manifest.
 */

export const AUDIO_ACTIONS = {
  /** Fetch a group version's manifest and files, verify every checksum, then finish. */
  download: 'fcAudioDownload',
  /** Forget a group (it was deleted, or the robot left its targets). */
  remove: 'fcAudioRemove',
  /** Play one clip now, once (a test from the console). */
  play: 'fcAudioPlay',
  /** Stop whatever plays. */
  stop: 'fcAudioStop',
  /** Set the robot's master volume. */
  setVolume: 'fcAudioSetVolume',
} as const;
export type AudioActionType = (typeof AUDIO_ACTIONS)[keyof typeof AUDIO_ACTIONS];
export const AUDIO_ACTION_TYPES: readonly AudioActionType[] = Object.values(AUDIO_ACTIONS);

/** The parameters of each action, as `actionParameters` key/value pairs carry them. */
export const downloadParameters = z.object({
  groupId: z.uuid(),
  kind: audioGroupKind,
  version: z.int().min(1),
  /** Absolute; valid until `expiresAt`, only for this robot. */
  manifestUrl: z.string(),
  expiresAt: z.iso.datetime(),
});
export type DownloadParameters = z.infer<typeof downloadParameters>;

export const removeParameters = z.object({ groupId: z.uuid() });

export const playParameters = z.object({
  clipId: z.uuid(),
  /** Absolute; valid for a few minutes, only for this robot. */
  url: z.string(),
  sha256: z.string(),
  volume,
});
export type PlayParameters = z.infer<typeof playParameters>;

export const setVolumeParameters = z.object({ volume });

/** Turns parameters into VDA 5050 `actionParameters`. */
export function actionParameters(
  values: Record<string, string | number>,
): { key: string; value: string | number }[] {
  return Object.entries(values).map(([key, value]) => ({ key, value }));
}

/** One file of a manifest: fetched from `url`, checked against `sha256` and `sizeBytes`. */
export const manifestFile = z.object({
  clipId: z.uuid(),
  url: z.string(),
  sha256: z.string(),
  sizeBytes: z.int(),
  format: audioFormat,
  contentType: z.string(),
  durationMs: z.int(),
});
export type ManifestFile = z.infer<typeof manifestFile>;

/**
 * A group version as one robot gets it: the files, what to play when, and the rules of the robot's building
 * (the robot plays nothing during quiet hours, nothing above the cap, and no playlist while it rides a lift).
 */
export const audioManifest = z.object({
  groupId: z.uuid(),
  name: z.string(),
  kind: audioGroupKind,
  version: z.int(),
  publishedAt: z.iso.datetime(),
  files: z.array(manifestFile),
  /** A voice pack's slots (an empty slot: the robot's own prompt). */
  slots: z.array(z.object({ lang: z.string(), slot: eventSlot, clipId: z.uuid() })),
  /** A playlist's clips in order, and when it plays. */
  playlist: z.object({ clipIds: z.array(z.uuid()), schedule: playlistSchedule }).nullable(),
  rules: z.object({
    timeZone: z.string(),
    quietHours,
    volumeCap: volume,
    silentInLift: z.literal(true),
  }),
});
export type AudioManifest = z.infer<typeof audioManifest>;
