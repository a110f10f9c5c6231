import type { AuditEntry } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { type AuditLookups, auditDetailLines, auditTarget, type Translate } from './audit-detail.utils';

// Shows which key was asked with which values, so the test reads without the translation files.
const t: Translate = (key, params) =>
  params
    ? `${key}(${Object.entries(params)
        .map(([k, v]) => `${k}=${v}`)
        .join(',')})`
    : key;

const lookups: AuditLookups = { people: new Map(), roles: new Map() };
const ID = '55555555-5555-4555-8555-555555555555';

const entry = (action: AuditEntry['action'], detail: Record<string, unknown>): AuditEntry => ({
  id: '44444444-4444-4444-8444-444444444444',
  at: '2026-03-10T12:00:00.000Z',
  actor: null,
  action,
  targetType: action.slice(0, action.indexOf('.')),
  targetId: ID,
  detail,
  ip: '127.0.0.1',
});

// The details as server/src/modules/audio writes them.
describe('audio audit lines', () => {
  it.each([
    [
      'audioClip.upload',
      { name: 'Make way', format: 'mp3', sizeBytes: 1_258_291 },
      ['audit:detail.name(name=Make way)', 'audit:detail.clipFile(format=MP3,size=1.2 MB)'],
    ],
    [
      'audioClip.edit',
      { name: 'Make way (en)', from: 'Make way', lang: 'en' },
      [
        'audit:detail.name(name=Make way (en))',
        'audit:detail.renamedFrom(from=Make way)',
        'audit:detail.clipLang(lang=en)',
      ],
    ],
    [
      'audioClip.edit',
      { name: 'Chime', lang: null },
      ['audit:detail.name(name=Chime)', 'audit:detail.clipLang(lang=audit:detail.noLang)'],
    ],
    ['audioClip.remove', { name: 'Chime' }, ['audit:detail.name(name=Chime)']],
    [
      'audioGroup.create',
      { name: 'Lobby pack', kind: 'voicePack' },
      ['audit:detail.name(name=Lobby pack)', 'audit:detail.groupKind(kind=audit:audioKinds.voicePack)'],
    ],
    [
      'audioGroup.edit',
      { name: 'Lobby pack', fields: ['content', 'targets', 'odd'] },
      ['audit:detail.fields(fields=audit:audioFields.content, audit:audioFields.targets, odd)'],
    ],
    [
      'audioGroup.duplicate',
      { name: 'Copy of Lobby', from: 'Lobby' },
      ['audit:detail.name(name=Copy of Lobby)', 'audit:detail.copyOf(from=Lobby)'],
    ],
    ['audioGroup.remove', { name: 'Lobby pack' }, ['audit:detail.name(name=Lobby pack)']],
    [
      'audioGroup.publish',
      { name: 'Lobby pack', version: 3, onVoiceConflict: 'mine' },
      ['audit:detail.version(version=3)', 'audit:detail.voiceConflict(choice=audit:voiceChoices.mine)'],
    ],
    [
      'audioGroup.rollback',
      { name: 'Lobby pack', version: 4, restoredFrom: 2 },
      ['audit:detail.version(version=4)', 'audit:detail.restoredFrom(version=2)'],
    ],
    [
      'audioGroup.retry',
      { name: 'Lobby pack', sent: 1, robotId: ID },
      ['audit:detail.sentAgain(n=1)', 'audit:detail.oneRobot'],
    ],
    [
      'audio.play',
      { name: 'Courier 1', clip: 'Make way', volume: 40, outcome: 'acknowledged' },
      [
        'audit:detail.clipPlayed(clip=Make way)',
        'audit:detail.volume(volume=40)',
        'audit:detail.outcome(outcome=audit:playOutcomes.acknowledged)',
      ],
    ],
    [
      'audio.stop',
      { name: 'Courier 1', outcome: 'noAnswer' },
      ['audit:detail.outcome(outcome=audit:playOutcomes.noAnswer)'],
    ],
    [
      'audio.volume',
      { name: 'Courier 1', volume: 70, outcome: 'unsupported' },
      ['audit:detail.volume(volume=70)', 'audit:detail.outcome(outcome=audit:playOutcomes.unsupported)'],
    ],
    [
      'audioRules.edit',
      { name: 'Acme Tower', quietHours: [{ from: '22:00', to: '07:00' }], volumeCap: 60 },
      ['audit:detail.quietHours(windows=22:00–07:00)', 'audit:detail.volumeCap(volume=60)'],
    ],
    [
      'audioRules.edit',
      { name: 'Acme Tower', quietHours: [], volumeCap: 100 },
      ['audit:detail.quietHours(windows=audit:detail.noLang)', 'audit:detail.volumeCap(volume=100)'],
    ],
  ] as const)('%s %o', (action, detail, expected) => {
    expect(auditDetailLines(entry(action, detail), lookups, t)).toEqual(expected);
  });

  it('reads a detail of an unexpected shape without failing', () => {
    expect(auditDetailLines(entry('audio.play', { outcome: 'weird', volume: 'loud' }), lookups, t)).toEqual(
      [],
    );
    expect(auditDetailLines(entry('audioRules.edit', { quietHours: 'x' }), lookups, t)).toEqual([
      'audit:detail.quietHours(windows=audit:detail.noLang)',
    ]);
  });
});

describe('audio audit targets', () => {
  it.each([
    ['audioClip.upload', 'audit:target.audioClip(name=Chime)'],
    ['audioGroup.publish', 'audit:target.audioGroup(name=Chime)'],
    ['audioRules.edit', 'audit:target.audioRules(name=Chime)'],
    ['audio.play', 'audit:target.robot(name=Chime)'],
  ] as const)('%s', (action, expected) => {
    expect(auditTarget(entry(action, { name: 'Chime' }), lookups, t)).toBe(expected);
  });
});
