import { z } from 'zod';
import { nothing } from './envelope.js';
import { email, password, phonePrefix } from './people/index.js';
import { region } from './regions.js';
import { defineRoute } from './route.js';
import { rawText, text } from './text.js';

/** Either credentials (e-mail, or phone with its prefix) or a current token plus the company to switch to. */
export const credentialsLogin = z.object({
  account: text({ min: 1, max: 254 }),
  phonePrefix: phonePrefix.optional(),
  password: rawText(200).min(1, 'required'),
});
export const companyLogin = z.object({
  token: rawText(4096).min(1, 'required'),
  companyId: z.uuid(),
});
export const loginBody = z.union([credentialsLogin, companyLogin]);

export const loginResult = z.object({
  token: z.string(),
  companyId: z.uuid(),
  region,
  /** Set when the company lives in another region: the console continues against this host. */
  operationHost: z.string().optional(),
});
export type LoginResult = z.infer<typeof loginResult>;

export const VERIFY_CODE_LENGTH = 6;
export const verifyCode = z.string().regex(/^[0-9]{6}$/, 'a code is 6 digits');

export const authRoutes = {
  login: defineRoute({
    id: 'login',
    method: 'POST',
    path: '/opt/v1/user/login',
    auth: 'public',
    area: 'auth',
    summary: 'Sign in with credentials, or switch company with a token and a companyId',
    body: loginBody,
    data: loginResult,
  }),
  logout: defineRoute({
    id: 'logout',
    method: 'POST',
    path: '/opt/v1/user/logout',
    auth: 'user',
    area: 'auth',
    summary: 'End the session: the token stops working at once',
    data: nothing,
  }),
  getVerifyCode: defineRoute({
    id: 'getVerifyCode',
    method: 'POST',
    path: '/opt/v1/user/get-verify-code',
    auth: 'public',
    area: 'auth',
    summary: 'Send a 6-digit password-reset code, valid 10 minutes (same answer whether the account exists)',
    body: z.object({ email }),
    data: nothing,
  }),
  resetPassword: defineRoute({
    id: 'resetPassword',
    method: 'POST',
    path: '/opt/v1/user/reset-password',
    auth: 'public',
    area: 'auth',
    summary: 'Set a new password with a reset code; every session of the account ends',
    body: z.object({ email, code: verifyCode, password }),
    data: nothing,
  }),
};
