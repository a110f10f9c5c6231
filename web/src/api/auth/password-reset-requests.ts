import { apiRoutes } from '../api-routes';
import { callApi } from '../call';

/** Mails a verification code to the account's address (the server answers alike for unknown ones). */
export function requestVerifyCode(email: string): Promise<unknown> {
  return callApi(apiRoutes.getVerifyCode, { body: { email } });
}

export function requestPasswordReset(body: {
  email: string;
  code: string;
  password: string;
}): Promise<unknown> {
  return callApi(apiRoutes.resetPassword, { body });
}
