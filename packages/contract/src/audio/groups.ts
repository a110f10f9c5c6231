import { z } from 'zod';
import { text } from '../text.js';
import { audioLang } from './clips.js';
import { AUDIO_DEPLOY_STATES } from './deployments.js';
import { DEFAULT_SCHEDULE, playlistSchedule } from './schedule.js';

/** A voice pack gives a robot's events their words; a playlist plays announcements and adverts on a schedule. */
export const AUDIO_GROUP_KINDS = ['voicePack', 'playlist'] as const;
export const audioGroupKind = z.enum(AUDIO_GROUP_KINDS);
export type AudioGroupKind = z.infer<typeof audioGroupKind>;

/** The robot's moments a voice pack speaks at; an empty slot falls back to the robot's own prompt. */
export const EVENT_SLOTS = [
  'taskStart',
  'taskEnd',
  'arrived',
  'makeWay',
  'liftCall',
  'liftEnter',
  'liftExit',
  'charging',
  'lowBattery',
  'error',
  'idleCruise',
] as const;
export const eventSlot = z.enum(EVENT_SLOTS);
export type EventSlot = z.infer<typeof eventSlot>;

export const PLAYLIST_ITEMS_MAX = 100;
export const VOICE_LANGS_MAX = 8;

export const slotClip = z.object({ lang: audioLang, slot: eventSlot, clipId: z.uuid() });
export type SlotClip = z.infer<typeof slotClip>;

export const voicePackContent = z.object({
  kind: z.literal('voicePack'),
  slots: z
    .array(slotClip)
    .max(EVENT_SLOTS.length * VOICE_LANGS_MAX)
    .refine(
      (s) => new Set(s.map((c) => `${c.lang}/${c.slot}`)).size === s.length,
      'one clip per slot and language',
    )
    .refine(
      (s) => new Set(s.map((c) => c.lang)).size <= VOICE_LANGS_MAX,
      `at most ${VOICE_LANGS_MAX} languages`,
    ),
});

export const playlistContent = z.object({
  kind: z.literal('playlist'),
  /** Played in this order; a clip may appear more than once. */
  items: z
    .array(z.object({ clipId: z.uuid() }))
    .max(PLAYLIST_ITEMS_MAX, `at most ${PLAYLIST_ITEMS_MAX} items`),
  schedule: playlistSchedule,
});

export const groupContent = z.discriminatedUnion('kind', [voicePackContent, playlistContent]);
export type GroupContent = z.infer<typeof groupContent>;
export type VoicePackContent = z.infer<typeof voicePackContent>;
export type PlaylistContent = z.infer<typeof playlistContent>;

export function emptyContent(kind: AudioGroupKind): GroupContent {
  return kind === 'voicePack'
    ? { kind, slots: [] }
    : { kind, items: [], schedule: { ...DEFAULT_SCHEDULE, weekdays: [...DEFAULT_SCHEDULE.weekdays] } };
}

export const TARGETS_MAX = 1000;
/** Whole buildings (every robot in them, those added later included) and single robots. */
export const groupTargets = z.object({
  buildingIds: z.array(z.uuid()).max(TARGETS_MAX),
  robotIds: z.array(z.uuid()).max(TARGETS_MAX),
});
export type GroupTargets = z.infer<typeof groupTargets>;

export const groupName = text({ min: 1, max: 80 });

export const groupVersion = z.object({
  version: z.int(),
  publishedAt: z.iso.datetime(),
  publishedByName: z.string().nullable(),
  /** Set when this version brought back an earlier one. */
  restoredFrom: z.int().nullable(),
});
export type GroupVersion = z.infer<typeof groupVersion>;

/** How many target robots are in each state of the active version. */
export const deploymentCounts = z.object(
  Object.fromEntries(AUDIO_DEPLOY_STATES.map((s) => [s, z.int()])) as Record<
    (typeof AUDIO_DEPLOY_STATES)[number],
    z.ZodInt
  >,
);
export type DeploymentCounts = z.infer<typeof deploymentCounts>;

export const audioGroup = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: audioGroupKind,
  /** The draft: what the next publication will send. */
  content: groupContent,
  targets: groupTargets,
  /** The draft differs from the version robots have (or nothing is published yet). */
  draftChanged: z.boolean(),
  activeVersion: z.int().nullable(),
  /** Newest first. */
  versions: z.array(groupVersion),
  deployment: deploymentCounts,
  /** The languages a voice pack speaks; empty for a playlist. */
  langs: z.array(z.string()),
  clipCount: z.int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AudioGroup = z.infer<typeof audioGroup>;

export const createGroupBody = z.object({ name: groupName, kind: audioGroupKind });
export type CreateGroupBody = z.input<typeof createGroupBody>;

export const editGroupBody = z.object({
  id: z.uuid(),
  name: groupName.optional(),
  content: groupContent.optional(),
  targets: groupTargets.optional(),
});
export type EditGroupBody = z.input<typeof editGroupBody>;

export const groupSearch = z.object({
  name: text({ max: 80 }).optional(),
  kind: audioGroupKind.optional(),
});

/**
 * A robot already speaks a language with another voice pack: publishing asks which wins for those robots.
 * `mine` takes them over; `theirs` leaves them to the other pack.
 */
export const VOICE_CONFLICT_CHOICES = ['mine', 'theirs'] as const;
export const publishGroupBody = z.object({ onVoiceConflict: z.enum(VOICE_CONFLICT_CHOICES).optional() });
export type PublishGroupBody = z.input<typeof publishGroupBody>;
