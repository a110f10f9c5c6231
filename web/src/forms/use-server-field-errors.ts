import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, isApiError } from '../api/api-error';
import { toastFor } from '../api/normalise-error';
import { fieldRuleWords, refusalText } from '../api/refusal-words';
import { notify } from '../feedback/notifier';
import { type FieldMessage, planFieldErrors } from './server-field-errors';

/**
 * Shows a failed save on the form's fields; a complaint that names none of them is toasted as the API
 * client would have. `conflictMessages` gives the clear text for a conflict on a field (an e-mail taken).
 */
export function useServerFieldErrors(
  form: FormInstance,
  fields: Readonly<Record<string, string>>,
  conflictMessages: Readonly<Record<string, string>> = {},
) {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (error: unknown) => {
      // A field whose rule the server named is worded in the user's language, not the server's English.
      const worded = isApiError(error) ? fieldRuleWords(i18n, error) : new Map<string, string>();
      const message: FieldMessage = (field, code, reason) =>
        (code === 'CONFLICT' ? conflictMessages[field] : undefined) ??
        worded.get(field) ??
        (reason === 'required' ? t('validation.required') : reason);
      const plan = planFieldErrors(error, fields, message);
      if (plan.placed.length) form.setFields(plan.placed);
      if (plan.unplaced) {
        notify(
          toastFor(
            error as ApiError,
            (code, text) => t('network', { code, message: text }),
            (e) => refusalText(i18n, e),
          ),
        );
      }
    },
    [form, fields, conflictMessages, t, i18n],
  );
}
