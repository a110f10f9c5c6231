import { DEFAULT_SCHEDULE, type GroupContent } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { canPublish, changedParts, type Draft, draftIssues, draftStatus, sameDraft } from './draft.utils';

const C1 = '11111111-1111-4111-8111-111111111111';
const C2 = '22222222-2222-4222-8222-222222222222';
const B1 = '33333333-3333-4333-8333-333333333333';
const B2 = '44444444-4444-4444-8444-444444444444';

const pack = (slots: { lang: string; slot: 'makeWay' | 'taskEnd'; clipId: string }[]): Draft => ({
  content: { kind: 'voicePack', slots },
  targets: { buildingIds: [B1, B2], robotIds: [] },
});

describe('sameDraft', () => {
  it('ignores the order of slots and targets, as the server does', () => {
    const slots = [
      { lang: 'en', slot: 'makeWay', clipId: C1 },
      { lang: 'zh', slot: 'makeWay', clipId: C2 },
    ] as const;
    const a = pack([...slots]);
    const b: Draft = {
      content: { kind: 'voicePack', slots: [...slots].reverse() },
      targets: { buildingIds: [B2, B1], robotIds: [] },
    };
    expect(sameDraft(a, b)).toBe(true);
  });

  it('sees a changed clip, a playlist order and a schedule', () => {
    const a = pack([{ lang: 'en', slot: 'makeWay', clipId: C1 }]);
    expect(sameDraft(a, pack([{ lang: 'en', slot: 'makeWay', clipId: C2 }]))).toBe(false);
    const list = (ids: string[], volume = 60): Draft => ({
      content: {
        kind: 'playlist',
        items: ids.map((clipId) => ({ clipId })),
        schedule: { ...DEFAULT_SCHEDULE, volume },
      },
      targets: { buildingIds: [], robotIds: [] },
    });
    expect(sameDraft(list([C1, C2]), list([C1, C2]))).toBe(true);
    expect(sameDraft(list([C1, C2]), list([C2, C1]))).toBe(false);
    expect(sameDraft(list([C1]), list([C1], 70))).toBe(false);
  });
});

describe('draftIssues: a refused draft on screen', () => {
  const sent: GroupContent = {
    kind: 'voicePack',
    slots: [
      { lang: 'en', slot: 'makeWay', clipId: C1 },
      { lang: 'zh', slot: 'taskEnd', clipId: C2 },
    ],
  };
  const word = (issue: { rule: string }) => (issue.rule === 'unworded' ? undefined : `words:${issue.rule}`);

  it('marks each refused slot by its language and event, and lists every complaint once', () => {
    const error = new ApiError({
      kind: 'http',
      status: 400,
      code: 'BAD_REQUEST',
      info: 'English',
      issues: [
        { path: 'body.content.slots.1.clipId', rule: 'slotClipLang', params: {} },
        { path: 'body.content.slots.0.clipId', rule: 'noSuchClip', params: {} },
        { path: 'body.targets.robotIds.0', rule: 'noSuchRobot', params: {} },
        { path: 'body.targets.robotIds.1', rule: 'noSuchRobot', params: {} },
      ],
    });
    const issues = draftIssues(error, sent, word);
    expect([...issues.slots]).toEqual([
      ['zh/taskEnd', 'words:slotClipLang'],
      ['en/makeWay', 'words:noSuchClip'],
    ]);
    expect(issues.messages).toEqual(['words:slotClipLang', 'words:noSuchClip', 'words:noSuchRobot']);
    expect(issues.items.size).toBe(0);
  });

  it('marks a playlist item by its place; a publication’s paths have no body prefix', () => {
    const list: GroupContent = {
      kind: 'playlist',
      items: [{ clipId: C1 }, { clipId: C2 }],
      schedule: DEFAULT_SCHEDULE,
    };
    const error = new ApiError({
      kind: 'http',
      status: 400,
      code: 'BAD_REQUEST',
      info: 'English',
      issues: [
        { path: 'body.content.items.1.clipId', rule: 'noSuchClip', params: {} },
        { path: 'body.targets', rule: 'noTargets', params: {} },
      ],
    });
    const issues = draftIssues(error, list, word);
    expect([...issues.items]).toEqual([[1, 'words:noSuchClip']]);
    expect(issues.messages).toEqual(['words:noSuchClip', 'words:noTargets']);
  });

  it('falls back to the server’s text for a rule it cannot word or a refusal that names none', () => {
    const unworded = new ApiError({
      kind: 'http',
      status: 400,
      code: 'BAD_REQUEST',
      info: 'body.x: English',
      issues: [{ path: 'body.x', rule: 'unworded', params: {} }],
    });
    expect(draftIssues(unworded, sent, word).messages).toEqual(['body.x: English']);
    const plain = new ApiError({
      kind: 'http',
      status: 400,
      code: 'BAD_REQUEST',
      info: 'body.content.schedule: bad',
    });
    expect(draftIssues(plain, sent, word).messages).toEqual(['body.content.schedule: bad']);
    expect(draftIssues(new Error('boom'), sent, word).messages).toEqual([]);
  });
});

describe('draftStatus and canPublish', () => {
  it.each([
    [{ activeVersion: null, draftChanged: true }, false, 'neverPublished', true],
    [{ activeVersion: 2, draftChanged: true }, false, 'unpublished', true],
    [{ activeVersion: 2, draftChanged: false }, false, 'published', false],
    [{ activeVersion: 2, draftChanged: false }, true, 'unsaved', true],
  ] as const)('%o, unsaved %s → %s', (group, dirty, status, publishable) => {
    expect(draftStatus(group, dirty)).toBe(status);
    expect(canPublish(group, dirty)).toBe(publishable);
  });
});

describe('changedParts', () => {
  const saved = pack([{ lang: 'en', slot: 'makeWay', clipId: C1 }]);
  it('sends only what changed', () => {
    const content = pack([{ lang: 'en', slot: 'makeWay', clipId: C2 }]).content;
    expect(changedParts({ ...saved, content }, saved)).toEqual({ content });
    const targets = { buildingIds: [B1], robotIds: [] };
    expect(changedParts({ ...saved, targets }, saved)).toEqual({ targets });
    expect(changedParts({ content, targets }, saved)).toEqual({ content, targets });
  });

  it('sends nothing for a reordered but equal draft', () => {
    const reordered = { ...saved, targets: { buildingIds: [B2, B1], robotIds: [] } };
    expect(changedParts(reordered, saved)).toEqual({});
  });
});
