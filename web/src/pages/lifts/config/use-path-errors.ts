import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../api/api-error';
import { toastFor } from '../../../api/normalise-error';
import { refusalText } from '../../../api/refusal-words';
import { notify } from '../../../feedback/notifier';
import { formIssuesOf, type PathIssue } from './server-issues.utils';
import { useRuleWords } from './use-rule-words';

type NamePath = (string | number)[];

/**
 * Shows a failed save on the form fields its complaints name, through `fieldOf` (a body path to a form field).
 * Complaints no field takes go to `rest` when given, else the whole failure is toasted as the API client would.
 */
export function usePathErrors(
  form: FormInstance,
  fieldOf: (path: readonly string[]) => NamePath | undefined,
  rest?: (issues: PathIssue[]) => boolean,
) {
  const { t, i18n } = useTranslation('errors');
  const words = useRuleWords();
  return useCallback(
    (error: unknown) => {
      const issues = formIssuesOf(error, words);
      if (issues === undefined) return;
      const byField = new Map<string, { name: NamePath; errors: string[] }>();
      const left: PathIssue[] = [];
      for (const issue of issues) {
        const name = fieldOf(issue.path);
        if (!name) {
          left.push(issue);
          continue;
        }
        const key = name.join('.');
        const reason = issue.reason === 'required' ? t('validation.required') : issue.reason;
        byField.set(key, { name, errors: [...(byField.get(key)?.errors ?? []), reason] });
      }
      if (byField.size) form.setFields([...byField.values()]);
      const shownRest = left.length > 0 && rest ? rest(left) : false;
      if (byField.size === 0 && !shownRest) {
        notify(
          toastFor(
            error as ApiError,
            (code, text) => t('network', { code, message: text }),
            (e) => refusalText(i18n, e),
          ),
        );
      }
    },
    [form, fieldOf, rest, t, i18n, words],
  );
}
