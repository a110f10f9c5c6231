import { notify } from '../../feedback/notifier';
import i18n from '../../i18n/i18n';
import { isApiError } from '../api-error';
import { toastFor } from '../normalise-error';
import { audioRefusalText } from './audio-refusals';

/** Toasts a failure the call kept quiet (its codes are the screen's to word), as the API client would. */
export function reportAudioError(error: unknown): void {
  if (!isApiError(error)) return;
  notify(
    toastFor(
      error,
      (code, message) => i18n.t('errors:network', { code, message }),
      (e) => audioRefusalText(i18n, e),
    ),
  );
}
