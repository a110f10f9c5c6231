import { describe, expect, it } from 'vitest';
import { createRepeatLimiter, eventSignature } from './repeat-limit';

describe('createRepeatLimiter', () => {
  it('lets the same error through 60 times, then drops it', () => {
    const limit = createRepeatLimiter();
    const event = { exception: { values: [{ type: 'TypeError', value: 'x is undefined' }] } };
    const passed = Array.from({ length: 100 }, () => limit(event)).filter(Boolean).length;
    expect(passed).toBe(60);
  });

  it('counts different errors apart', () => {
    const limit = createRepeatLimiter(1);
    expect(limit({ message: 'a' })).not.toBeNull();
    expect(limit({ message: 'b' })).not.toBeNull();
    expect(limit({ message: 'a' })).toBeNull();
  });
});

describe('eventSignature', () => {
  it.each([
    [{ fingerprint: ['api', '/opt/v1/user/me'], message: 'm' }, 'f:api|/opt/v1/user/me'],
    [{ exception: { values: [{ type: 'Error', value: 'boom' }] }, message: 'm' }, 'e:Error:boom'],
    [{ message: 'hello' }, 'm:hello'],
    [{}, 'm:'],
  ])('%j → %s', (event, expected) => {
    expect(eventSignature(event)).toBe(expected);
  });
});
