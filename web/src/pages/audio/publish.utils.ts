import { isApiError } from '../../api/api-error';

/** What the server says when a voice pack meets another on some robots and languages. */
export interface VoiceConflict {
  robots: number;
  groups: string;
  langs: string;
}

/** The conflict a publication or rollback was refused for, when that is why (409 `voicePackConflict`). */
export function voiceConflictOf(error: unknown): VoiceConflict | undefined {
  if (!isApiError(error) || error.status !== 409 || error.refusal?.rule !== 'voicePackConflict')
    return undefined;
  const { robots, groups, langs } = error.refusal.params;
  return { robots: Number(robots ?? 0), groups: String(groups ?? ''), langs: String(langs ?? '') };
}
