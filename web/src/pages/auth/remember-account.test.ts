import { describe, expect, it } from 'vitest';
import { clearSessionStorage } from '../../session/storage';
import { type RememberEnv, recallAccount, rememberAccount } from './remember-account';

function env(): RememberEnv & { jar: Map<string, string> } {
  const jar = new Map<string, string>();
  return {
    jar,
    storage: localStorage,
    subtle: crypto.subtle,
    cookies: {
      read: (name) => jar.get(name),
      write: (name, value) => (value === null ? jar.delete(name) : jar.set(name, value)),
    },
  };
}

describe('remember me', () => {
  it('recalls the account name, and stores it encrypted, never in clear', async () => {
    const e = env();
    await rememberAccount({ kind: 'email', account: 'owner@acme.test' }, e);
    const sealed = e.jar.get('rememberedAccount') ?? '';
    expect(sealed).not.toContain('owner');
    expect(atob(sealed)).not.toContain('owner@acme.test');
    expect(localStorage.getItem('cryptoKey')).toBeTruthy();
    await expect(recallAccount(e)).resolves.toEqual({ kind: 'email', account: 'owner@acme.test' });
  });

  it('survives log-out, which keeps cryptoKey', async () => {
    const e = env();
    await rememberAccount({ kind: 'phone', account: '5550100', phoneCountry: 'CA' }, e);
    clearSessionStorage(localStorage);
    await expect(recallAccount(e)).resolves.toEqual({
      kind: 'phone',
      account: '5550100',
      phoneCountry: 'CA',
    });
  });

  it('cannot be read with another browser key', async () => {
    const e = env();
    await rememberAccount({ kind: 'email', account: 'a@b.test' }, e);
    localStorage.removeItem('cryptoKey');
    // another remembered name creates a new key; the first cookie no longer opens
    await rememberAccount({ kind: 'email', account: 'c@d.test' }, env());
    expect(localStorage.getItem('cryptoKey')).toBeTruthy();
    await expect(recallAccount(e)).resolves.toBeUndefined();
  });

  it('forgets the account when told to', async () => {
    const e = env();
    await rememberAccount({ kind: 'email', account: 'a@b.test' }, e);
    await rememberAccount(null, e);
    await expect(recallAccount(e)).resolves.toBeUndefined();
  });

  it('does nothing without WebCrypto', async () => {
    const e = { ...env(), subtle: undefined };
    await rememberAccount({ kind: 'email', account: 'a@b.test' }, e);
    expect(e.jar.size).toBe(0);
    await expect(recallAccount(e)).resolves.toBeUndefined();
  });
});
