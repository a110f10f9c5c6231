import { revokeSession } from '../../auth/sessions.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { resetPassword, sendVerifyCode } from './password-reset.js';
import { signInToCompany, signInWithPassword } from './sign-in.js';

export function authHandlers(
  services: Services,
): Handlers<'login' | 'logout' | 'getVerifyCode' | 'resetPassword'> {
  return {
    login: async ({ body }, { ip }) =>
      'token' in body ? signInToCompany(services, body, ip) : signInWithPassword(services, body, ip),
    logout: async (_input, { session }) => {
      await revokeSession(services.dir, session.id);
      return null;
    },
    getVerifyCode: async ({ body }) => {
      await sendVerifyCode(services, body.email);
      return null;
    },
    resetPassword: async ({ body }) => {
      await resetPassword(services, body);
      return null;
    },
  };
}
