import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFieldCipher } from './field-cipher.js';

describe('field cipher', () => {
  const cipher = createFieldCipher(randomBytes(32));

  it('round-trips and never stores the plain text', () => {
    const stored = cipher.encrypt('client-secret-123');
    expect(stored).not.toContain('client-secret-123');
    expect(cipher.decrypt(stored)).toBe('client-secret-123');
  });

  it('refuses a tampered ciphertext', () => {
    const parts = cipher.encrypt('secret').split('.');
    parts[3] = Buffer.from('tampered').toString('base64');
    expect(() => cipher.decrypt(parts.join('.'))).toThrow();
  });

  it('cannot be read with another key', () => {
    const other = createFieldCipher(randomBytes(32));
    expect(() => other.decrypt(cipher.encrypt('secret'))).toThrow();
  });
});
