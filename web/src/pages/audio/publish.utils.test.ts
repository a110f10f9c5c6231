import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { voiceConflictOf } from './publish.utils';

const conflict = (rule: string, params: Record<string, string | number>, status = 409) =>
  new ApiError({ kind: 'http', status, code: 'CONFLICT', info: 'English', refusal: { rule, params } });

describe('voiceConflictOf', () => {
  it('reads the robots, packs and languages a publication met', () => {
    expect(
      voiceConflictOf(conflict('voicePackConflict', { robots: 3, groups: 'Lobby, Night', langs: 'en, zh' })),
    ).toEqual({ robots: 3, groups: 'Lobby, Night', langs: 'en, zh' });
  });

  it('is nothing for any other failure, so it is shown as it is', () => {
    expect(voiceConflictOf(conflict('noPreviousVersion', {}))).toBeUndefined();
    expect(voiceConflictOf(conflict('voicePackConflict', {}, 400))).toBeUndefined();
    expect(
      voiceConflictOf(new ApiError({ kind: 'network', code: 'ERR_NETWORK', info: 'down' })),
    ).toBeUndefined();
    expect(voiceConflictOf(new Error('boom'))).toBeUndefined();
  });
});
