import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { wordAudioRule } from '../../api/audio/audio-refusals';
import { reportAudioError } from '../../api/audio/report-audio-error';
import { planFieldErrors } from '../../forms/server-field-errors';

/**
 * A failed save shown on the form's fields in the user's language (the audio rules' words are the area's own:
 * `groupNameTaken`, `clipTooLong`…); what names no field of the form is toasted.
 */
export function useAudioFieldErrors(form: FormInstance, fields: Readonly<Record<string, string>>) {
  const { i18n } = useTranslation('audio');
  return useCallback(
    (error: unknown) => {
      if (!isApiError(error)) return;
      const worded = new Map<string, string>();
      for (const issue of error.issues) {
        const field = /^(?:body|query|params)\.([A-Za-z0-9_]+)/.exec(issue.path)?.[1];
        const words = wordAudioRule(i18n, issue);
        if (field && words && !worded.has(field)) worded.set(field, words);
      }
      const plan = planFieldErrors(error, fields, (field, _code, reason) => worded.get(field) ?? reason);
      if (plan.placed.length) form.setFields(plan.placed);
      if (plan.unplaced) reportAudioError(error);
    },
    [form, fields, i18n],
  );
}
