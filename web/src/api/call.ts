import { notify } from '../feedback/notifier';
import i18n from '../i18n/i18n';
import { monitorCall } from '../monitoring/monitor';
import { createSessionExpiry, endSession } from '../session/end-session';
import { sessionStore } from '../session/session-store';
import { readString, STORAGE_KEYS } from '../session/storage';
import { createCaller } from './call-api';
import { createHttpClient } from './http-client';
import { toastFor } from './normalise-error';
import { pageRegion } from './page-region';
import { refusalText } from './refusal-words';

function networkText(code: string, message: string): string {
  return i18n.t('errors:network', { code, message });
}

export const http = createHttpClient({
  origin: window.location.origin,
  session: () => {
    const { token, regionInfo } = sessionStore.getState();
    return { token, regionInfo, language: readString(window.localStorage, STORAGE_KEYS.language) };
  },
  pageRegion,
  report: (error) => notify(toastFor(error, networkText, (e) => refusalText(i18n, e))),
  onUnauthorized: createSessionExpiry((error) => endSession(toastFor(error, networkText))),
  onCall: monitorCall,
});

/** The console's only way to reach the server: `callApi(api.me)`, `callApi(api.login, { body })`. */
export const callApi = createCaller(http);
