import { DEFAULT_CLIP_CAPS } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import {
  isAudioLang,
  itemsOf,
  nameFromFileName,
  precheckFile,
  recheck,
  sendable,
  type UploadItem,
  uploadProblem,
  uploadSummary,
} from './clip-upload.utils';

const MB = 1024 * 1024;
const file = (name: string, size: number) => ({ name, size }) as File;

describe('nameFromFileName', () => {
  it.each([
    ['Lobby welcome.mp3', 'Lobby welcome'],
    ['make-way.final.wav', 'make-way.final'],
    ['  spaced .ogg', 'spaced'],
    ['no extension', 'no extension'],
    ['.mp3', '.mp3'],
    [`${'x'.repeat(80)}.m4a`, 'x'.repeat(64)],
  ])('%s → %s', (fileName, name) => {
    expect(nameFromFileName(fileName)).toBe(name);
  });
});

describe('precheckFile against the default caps', () => {
  it('refuses an empty file', () => {
    expect(precheckFile({ size: 0 }, 'prompt')).toEqual({ rule: 'clipEmpty', params: {} });
  });

  it('lets a file at the cap through and refuses one byte more, with the sizes the words need', () => {
    const cap = DEFAULT_CLIP_CAPS.prompt.maxBytes;
    expect(precheckFile({ size: cap }, 'prompt')).toBeUndefined();
    expect(precheckFile({ size: 12.34 * MB }, 'prompt')).toEqual({
      rule: 'clipTooLarge',
      params: { sizeMb: 12.3, maxMb: 10, purpose: 'prompt' },
    });
  });

  it('allows a playlist item more than a prompt', () => {
    expect(precheckFile({ size: 20 * MB }, 'playlist')).toBeUndefined();
    expect(precheckFile({ size: 51 * MB }, 'playlist')?.rule).toBe('clipTooLarge');
  });
});

describe('an upload batch', () => {
  it('marks the files the browser can refuse and never counts them as sendable', () => {
    const items = itemsOf([file('a.mp3', 1000), file('big.wav', 20 * MB), file('empty.ogg', 0)], 'prompt');
    expect(items.map((i) => [i.name, i.state])).toEqual([
      ['a', 'ready'],
      ['big', 'refused'],
      ['empty', 'refused'],
    ]);
    expect(sendable(items).map((i) => i.name)).toEqual(['a']);
    expect(new Set(items.map((i) => i.key)).size).toBe(3);
  });

  it('checks the files again when the purpose changes', () => {
    const items = itemsOf([file('big.wav', 20 * MB)], 'prompt');
    const asPlaylist = recheck(items, 'playlist');
    expect(asPlaylist[0]?.state).toBe('ready');
    expect(asPlaylist[0]?.problem).toBeUndefined();
    expect(recheck(asPlaylist, 'prompt')[0]?.state).toBe('refused');
  });

  it('leaves sent files alone on a recheck and sends failed ones again, not nameless ones', () => {
    const [a, b, c] = itemsOf([file('a.mp3', 1), file('b.mp3', 1), file('c.mp3', 1)], 'prompt') as [
      UploadItem,
      UploadItem,
      UploadItem,
    ];
    const items: UploadItem[] = [
      { ...a, state: 'done', progress: 1 },
      { ...b, state: 'failed' },
      { ...c, name: ' ' },
    ];
    expect(recheck(items, 'playlist')[0]?.state).toBe('done');
    expect(sendable(items).map((i) => i.key)).toEqual([b.key]);
    expect(uploadSummary(items)).toEqual({ total: 3, done: 1, failed: 1, uploading: 0 });
  });
});

describe('uploadProblem: why a file did not arrive', () => {
  const refused = (rule: string, params: Record<string, string | number>) =>
    new ApiError({
      kind: 'http',
      status: 400,
      code: 'BAD_REQUEST',
      info: 'body: English',
      issues: [{ path: 'body', rule, params }],
    });

  it.each([
    ['clipTooLong', { seconds: 75.2, maxSeconds: 60, purpose: 'prompt' }],
    ['clipNotSound', { found: 'png (image/png)' }],
    ['clipUnreadable', {}],
    ['clipTooLarge', { sizeMb: 11, maxMb: 10, purpose: 'prompt' }],
    ['clipEmpty', {}],
  ])('the server’s %s, with its values', (rule, params) => {
    expect(uploadProblem(refused(rule, params))).toEqual({ refusal: { rule, params } });
  });

  it('a cancellation, the server’s text without a rule, and anything else', () => {
    expect(uploadProblem(new ApiError({ kind: 'network', code: 'ERR_CANCELED', info: 'canceled' }))).toEqual({
      cancelled: true,
    });
    expect(
      uploadProblem(
        new ApiError({ kind: 'http', status: 400, code: 'BAD_REQUEST', info: 'query.name: too long' }),
      ),
    ).toEqual({ text: 'query.name: too long' });
    expect(uploadProblem(new Error('boom'))).toEqual({ text: 'boom' });
  });
});

describe('isAudioLang', () => {
  it.each([
    ['', true],
    ['en', true],
    ['zh-CN', true],
    ['pt-BR', true],
    ['EN', false],
    ['english', false],
    ['zh_CN', false],
  ])('%s → %s', (value, ok) => {
    expect(isAudioLang(value)).toBe(ok);
  });
});
