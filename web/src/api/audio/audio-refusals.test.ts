import { LANGUAGES } from '@fleet/contract';
import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../api-error';
import { audioErrorText, audioRefusalText, wordAudioRule } from './audio-refusals';

const files = import.meta.glob<Record<string, unknown>>('../../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});
const fileOf = (lng: string, ns: string) => files[`../../../public/locales/${lng}/${ns}.json`];

/** Every rule the audio calls refuse with (server/src/modules/audio), with values of the shape the server sends. */
const AUDIO_RULES: Record<string, Record<string, string | number>> = {
  clipEmpty: {},
  clipTooLarge: { sizeMb: 12.3, maxMb: 10, purpose: 'prompt' },
  clipTooLong: { seconds: 75.2, maxSeconds: 60, purpose: 'playlist' },
  clipNotSound: { found: 'png (image/png)' },
  clipUnreadable: {},
  clipInUse: { groups: 'Lobby pack, Night list', count: 2 },
  groupNameTaken: {},
  groupKind: { kind: 'voicePack' },
  noSuchClip: {},
  noSuchBuilding: {},
  noSuchRobot: {},
  slotClipTooLong: { clip: 'Jingle', maxSeconds: 60 },
  slotClipLang: { clip: 'Bonjour', clipLang: 'fr', slotLang: 'en' },
  noTargets: {},
  emptyVoicePack: {},
  emptyPlaylist: {},
  nothingPublished: {},
  noPreviousVersion: {},
  superseded: {},
  voicePackConflict: { robots: 3, groups: 'Night pack', langs: 'en, zh' },
  robotOffline: { robot: 'Courier 1' },
  quietHours: { robot: 'Courier 1' },
  inLift: { robot: 'Courier 1' },
};

const instances = new Map<string, I18n>();
beforeAll(async () => {
  for (const lng of LANGUAGES) {
    const resources: Resource = {
      [lng]: { audio: fileOf(lng, 'audio') as never, errors: fileOf(lng, 'errors') as never },
    };
    const i18n = createInstance();
    await i18n.init({ lng, resources, ns: ['audio', 'errors'], interpolation: { escapeValue: false } });
    instances.set(lng, i18n);
  }
});
const i18nOf = (lng: string) => instances.get(lng) as I18n;

const leftovers = /\{\{|\$t\(|refusals\.|purposeWords\.|kinds\./;

describe.each(LANGUAGES.map((lng) => [lng]))('audio refusal words in %s', (lng) => {
  it.each(Object.entries(AUDIO_RULES))('audio:refusals.%s', (rule, params) => {
    const words = wordAudioRule(i18nOf(lng), { rule, params });
    expect(words).toBeTypeOf('string');
    expect(words).not.toMatch(leftovers);
    for (const value of Object.values(params)) {
      if (typeof value === 'string' && !['prompt', 'playlist', 'voicePack'].includes(value)) {
        expect(words).toContain(value);
      }
    }
  });
});

describe('wording a failed audio call', () => {
  const en = () => i18nOf('en');
  const zh = () => i18nOf('zh');

  it('words an upload refused for its length, with the purpose in words', () => {
    const error = new ApiError({
      kind: 'http',
      status: 400,
      code: 'BAD_REQUEST',
      info: 'body: 75.2 s long; a prompt clip may last at most 60 s',
      issues: [
        { path: 'body', rule: 'clipTooLong', params: { seconds: 75.2, maxSeconds: 60, purpose: 'prompt' } },
      ],
    });
    expect(audioRefusalText(en(), error)).toBe('75.2 s long: a prompt clip may last at most 60 s');
    expect(audioRefusalText(zh(), error)).toBe('时长 75.2 秒：提示音最长 60 秒');
  });

  it('names the groups that keep a clip from being deleted', () => {
    const error = new ApiError({
      kind: 'http',
      status: 409,
      code: 'CONFLICT',
      info: 'English',
      refusal: { rule: 'clipInUse', params: { groups: 'Lobby pack', count: 1 } },
    });
    expect(audioErrorText(en(), error)).toBe('Lobby pack use this clip: take it out of them first');
    expect(audioErrorText(zh(), error)).toBe('Lobby pack 正在使用此音频：请先将其从中移除');
  });

  it('words play-now refusals in place', () => {
    const offline = new ApiError({
      kind: 'http',
      status: 409,
      code: 'CONFLICT',
      info: 'Courier 1 is offline',
      refusal: { rule: 'robotOffline', params: { robot: 'Courier 1' } },
    });
    expect(audioErrorText(zh(), offline)).toBe('Courier 1 离线');
  });

  it('falls back to the server’s English, and to the network words, when it cannot word a failure', () => {
    const unknown = new ApiError({
      kind: 'http',
      status: 409,
      code: 'CONFLICT',
      info: 'Something new',
      refusal: { rule: 'somethingNew', params: {} },
    });
    expect(audioRefusalText(en(), unknown)).toBeUndefined();
    expect(audioErrorText(en(), unknown)).toBe('Something new');
    const mixed = new ApiError({
      kind: 'http',
      status: 400,
      code: 'BAD_REQUEST',
      info: 'mixed',
      issues: [
        { path: 'body.content.slots.0.clipId', rule: 'noSuchClip', params: {} },
        { path: 'body.x', rule: 'somethingNew', params: {} },
      ],
    });
    expect(audioRefusalText(en(), mixed)).toBeUndefined();
    const network = new ApiError({ kind: 'network', code: 'ECONNABORTED', info: 'timeout' });
    expect(audioErrorText(en(), network)).toContain('ECONNABORTED');
  });

  it('says each of several refused fields once', () => {
    const error = new ApiError({
      kind: 'http',
      status: 400,
      code: 'BAD_REQUEST',
      info: 'x',
      issues: [
        { path: 'body.targets.robotIds.0', rule: 'noSuchRobot', params: {} },
        { path: 'body.targets.robotIds.1', rule: 'noSuchRobot', params: {} },
      ],
    });
    expect(audioRefusalText(en(), error)).toBe('A target robot no longer exists');
  });
});
