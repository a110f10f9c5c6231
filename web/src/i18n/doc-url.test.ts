import { describe, expect, it } from 'vitest';
import { docUrlFor } from './doc-url';

describe('docUrlFor', () => {
  it.each([
    ['/docs/user-guide', 'zh', '/docs/user-guide?lng=zh'],
    ['/docs/terms', 'en', '/docs/terms?lng=en'],
    ['/docs/terms?v=2#top', 'zh', '/docs/terms?v=2&lng=zh#top'],
    ['/docs/terms?lng=en', 'zh', '/docs/terms?lng=en'],
    ['https://example.com/guide', 'zh', 'https://example.com/guide'],
    ['//cdn.example.com/guide', 'zh', '//cdn.example.com/guide'],
  ] as const)('%s in %s → %s', (url, lng, expected) => {
    expect(docUrlFor(url, lng)).toBe(expected);
  });
});
