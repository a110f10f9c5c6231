import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../api/api-error';
import { toastFor } from '../../../api/normalise-error';
import { refusalText } from '../../../api/refusal-words';
import { notify } from '../../../feedback/notifier';
import { formIssuesOf } from '../../lifts/config/server-issues.utils';

type NamePath = (string | number)[];

/**
 * A refused save shown on the fields its complaints name (the server names nested ones by their whole path,
 * `body.value.weekly.2.windows.0`); when none of them is shown by the dialog the failure is toasted instead,
 * so bad input is never dropped silently.
 */
export function useFormPathErrors(
  form: FormInstance,
  fieldOf: (path: readonly string[]) => NamePath | undefined,
) {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (error: unknown) => {
      const issues = formIssuesOf(error);
      if (issues === undefined) return;
      const byField = new Map<string, { name: NamePath; errors: string[] }>();
      const unplaced: string[] = [];
      for (const issue of issues) {
        const name = fieldOf(issue.path);
        if (!name) {
          unplaced.push(issue.reason);
          continue;
        }
        const key = name.join('.');
        const reason = issue.reason === 'required' ? t('validation.required') : issue.reason;
        byField.set(key, { name, errors: [...(byField.get(key)?.errors ?? []), reason] });
      }
      if (byField.size) {
        form.setFields([...byField.values()]);
        // What no field shows is still told, beside the fields that show the rest.
        if (unplaced.length) notify({ level: 'error', text: unplaced.join('; ') });
        return;
      }
      notify(
        toastFor(
          error as ApiError,
          (code, text) => t('network', { code, message: text }),
          (e) => refusalText(i18n, e),
        ),
      );
    },
    [form, fieldOf, t, i18n],
  );
}
