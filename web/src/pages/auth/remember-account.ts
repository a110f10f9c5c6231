import { readString, STORAGE_KEYS, writeValue } from '../../session/storage';
import type { AccountKind } from './login-form';

/** "Remember me" keeps the account name only, never a password. */
export interface RememberedAccount {
  kind: AccountKind;
  account: string;
  /** The phone prefix option (US, CA, … Other) for phone accounts. */
  phoneCountry?: string;
}

export interface RememberEnv {
  storage: Storage;
  /** Absent outside secure contexts (plain http on a non-local host): remembering is then off. */
  subtle: SubtleCrypto | undefined;
  cookies: { read(name: string): string | undefined; write(name: string, value: string | null): void };
}

// Log-out clears local storage except cryptoKey (AUTH-LOGOUT, AUTH-REMEMBER), yet the name must outlive it: the encrypted name
// lives in a cookie scoped to the login pages, the key that opens it in local storage. Neither alone reveals it.
const COOKIE = 'rememberedAccount';
const COOKIE_PATH = '/login';
const COOKIE_MAX_AGE_S = 365 * 24 * 3600;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The per-browser AES-GCM key (`cryptoKey`), created on first use. */
async function cryptoKeyOf(env: RememberEnv, create: boolean): Promise<CryptoKey | undefined> {
  if (!env.subtle) return undefined;
  const stored = readString(env.storage, STORAGE_KEYS.cryptoKey);
  if (stored) {
    try {
      return await env.subtle.importKey('raw', fromBase64(stored), 'AES-GCM', false, ['encrypt', 'decrypt']);
    } catch {
      // unreadable: replaced below when allowed
    }
  }
  if (!create) return undefined;
  const key = await env.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  const raw = new Uint8Array(await env.subtle.exportKey('raw', key));
  writeValue(env.storage, STORAGE_KEYS.cryptoKey, toBase64(raw));
  return key;
}

async function encryptText(subtle: SubtleCrypto, key: CryptoKey, text: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(text)),
  );
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return toBase64(out);
}

async function decryptText(subtle: SubtleCrypto, key: CryptoKey, blob: string): Promise<string | undefined> {
  try {
    const bytes = fromBase64(blob);
    const plain = await subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, key, bytes.slice(12));
    return new TextDecoder().decode(plain);
  } catch {
    return undefined;
  }
}

/** Remembers the account (or forgets it with null). */
export async function rememberAccount(account: RememberedAccount | null, env = browserEnv()): Promise<void> {
  if (!account || !env.subtle) {
    env.cookies.write(COOKIE, null);
    return;
  }
  const key = await cryptoKeyOf(env, true);
  if (!key) return;
  env.cookies.write(COOKIE, await encryptText(env.subtle, key, JSON.stringify(account)));
}

export async function recallAccount(env = browserEnv()): Promise<RememberedAccount | undefined> {
  const blob = env.cookies.read(COOKIE);
  if (!blob || !env.subtle) return undefined;
  const key = await cryptoKeyOf(env, false);
  if (!key) return undefined;
  const text = await decryptText(env.subtle, key, blob);
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<RememberedAccount>;
    if ((value.kind !== 'email' && value.kind !== 'phone') || typeof value.account !== 'string')
      return undefined;
    return {
      kind: value.kind,
      account: value.account,
      ...(value.phoneCountry ? { phoneCountry: value.phoneCountry } : {}),
    };
  } catch {
    return undefined;
  }
}

function browserEnv(): RememberEnv {
  return {
    storage: window.localStorage,
    subtle: window.isSecureContext ? window.crypto?.subtle : undefined,
    cookies: {
      read: (name) => {
        const pair = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
        return pair ? decodeURIComponent(pair.slice(name.length + 1)) : undefined;
      },
      write: (name, value) => {
        const attributes = `path=${COOKIE_PATH}; SameSite=Strict${window.location.protocol === 'https:' ? '; Secure' : ''}`;
        // The Cookie Store API is not in every browser the console supports; document.cookie is.
        // biome-ignore lint/suspicious/noDocumentCookie: see above
        document.cookie =
          value === null
            ? `${name}=; max-age=0; ${attributes}`
            : `${name}=${encodeURIComponent(value)}; max-age=${COOKIE_MAX_AGE_S}; ${attributes}`;
      },
    },
  };
}
