import type { AuditEntry } from '@fleet/contract';
import type { Translate } from '../roles/permission-label';

// The audio actions' details as the server writes them (server/src/modules/audio): names, versions, volumes.
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const strs = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

const AUDIO_GROUP_FIELDS = ['name', 'content', 'targets'] as const;
const AUDIO_KINDS = ['voicePack', 'playlist'] as const;
const PLAY_OUTCOMES = ['acknowledged', 'refused', 'unsupported', 'noAnswer'] as const;
const VOICE_CHOICES = ['mine', 'theirs'] as const;

const known = <T extends string>(list: readonly T[], v: unknown): T | undefined => list.find((x) => x === v);

/** "1.2 MB", "830 KB": a clip's size in an audit row. */
function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** The robot's answer to a play, stop or volume, in words. */
function outcomeLines(d: Record<string, unknown>, t: Translate): string[] {
  const outcome = known(PLAY_OUTCOMES, d.outcome);
  return outcome ? [t('audit:detail.outcome', { outcome: t(`audit:playOutcomes.${outcome}`) })] : [];
}

/** A publication's or rollback's version, where it came from, and who won a voice-pack conflict. */
function publicationLines(d: Record<string, unknown>, t: Translate): string[] {
  const version = num(d.version);
  const restoredFrom = num(d.restoredFrom);
  const choice = known(VOICE_CHOICES, d.onVoiceConflict);
  return [
    ...(version !== undefined ? [t('audit:detail.version', { version })] : []),
    ...(restoredFrom !== undefined ? [t('audit:detail.restoredFrom', { version: restoredFrom })] : []),
    ...(choice ? [t('audit:detail.voiceConflict', { choice: t(`audit:voiceChoices.${choice}`) })] : []),
  ];
}

/** The lines of the audio area's actions (clips, groups, sound on a robot, a building's rules). */
export function audioLines(entry: AuditEntry, t: Translate): string[] {
  const d = entry.detail;
  const name = str(d.name);
  const named = name ? [t('audit:detail.name', { name })] : [];
  switch (entry.action) {
    case 'audioClip.upload': {
      const size = num(d.sizeBytes);
      const format = str(d.format);
      return [
        ...named,
        ...(format && size !== undefined
          ? [t('audit:detail.clipFile', { format: format.toUpperCase(), size: sizeText(size) })]
          : []),
      ];
    }
    case 'audioClip.edit':
      return [
        ...named,
        ...(str(d.from) ? [t('audit:detail.renamedFrom', { from: String(d.from) })] : []),
        ...('lang' in d
          ? [t('audit:detail.clipLang', { lang: str(d.lang) ?? t('audit:detail.noLang') })]
          : []),
      ];
    case 'audioGroup.create': {
      const kind = known(AUDIO_KINDS, d.kind);
      return [
        ...named,
        ...(kind ? [t('audit:detail.groupKind', { kind: t(`audit:audioKinds.${kind}`) })] : []),
      ];
    }
    case 'audioGroup.edit':
      return [
        t('audit:detail.fields', {
          fields:
            strs(d.fields)
              .map((f) => (known(AUDIO_GROUP_FIELDS, f) ? t(`audit:audioFields.${f}`) : f))
              .join(', ') || '—',
        }),
      ];
    case 'audioGroup.duplicate':
      return [...named, ...(str(d.from) ? [t('audit:detail.copyOf', { from: String(d.from) })] : [])];
    case 'audioGroup.publish':
    case 'audioGroup.rollback':
      return publicationLines(d, t);
    case 'audioGroup.retry':
      return [
        t('audit:detail.sentAgain', { n: num(d.sent) ?? 0 }),
        ...(str(d.robotId) ? [t('audit:detail.oneRobot')] : []),
      ];
    case 'audio.play': {
      const volume = num(d.volume);
      return [
        ...(str(d.clip) ? [t('audit:detail.clipPlayed', { clip: String(d.clip) })] : []),
        ...(volume !== undefined ? [t('audit:detail.volume', { volume })] : []),
        ...outcomeLines(d, t),
      ];
    }
    case 'audio.volume': {
      const volume = num(d.volume);
      return [...(volume !== undefined ? [t('audit:detail.volume', { volume })] : []), ...outcomeLines(d, t)];
    }
    case 'audio.stop':
      return outcomeLines(d, t);
    case 'audioRules.edit': {
      const windows = (Array.isArray(d.quietHours) ? d.quietHours : [])
        .map(obj)
        .flatMap((w) => (str(w.from) && str(w.to) ? [`${w.from}–${w.to}`] : []));
      const cap = num(d.volumeCap);
      return [
        t('audit:detail.quietHours', { windows: windows.join(', ') || t('audit:detail.noLang') }),
        ...(cap !== undefined ? [t('audit:detail.volumeCap', { volume: cap })] : []),
      ];
    }
    default:
      return named;
  }
}
