import { createHash, randomBytes } from 'node:crypto';

/*
 * The application's credentials. The access key is its public OAuth client id; the secret and every access token
 * are 32 random bytes, so a SHA-256 is all that is stored of them (a slow password hash protects guessable secrets,
 * and these are not guessable). Prefixes tell a leaked string's kind at a glance, as secret scanners expect.
 */

export const newAccessKey = () => `fca_${randomBytes(12).toString('hex')}`;
export const newAppSecret = () => `fcs_${randomBytes(32).toString('base64url')}`;
export const newAccessToken = () => `fct_${randomBytes(32).toString('base64url')}`;

/** What is stored of a secret or token, and what a presented one is looked up by. */
export const credentialHash = (value: string) => createHash('sha256').update(value).digest('base64url');

/** The first characters after the prefix: enough to tell two secrets apart, far too few to guess one. */
export const secretHint = (secret: string) => `${secret.slice(0, 8)}…`;
