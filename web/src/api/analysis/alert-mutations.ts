import type { SaveAlertBody } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { useScope } from '../scope';
import { analysisConfigKeys } from './config-keys';

function useAlertMutation<I, O>(fn: (input: I) => Promise<O>) {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analysisConfigKeys.alerts(scope) }),
  });
}

/** Adds an alert, or changes the one whose id the body carries. */
export const useAlertSaveMutation = () =>
  useAlertMutation((body: SaveAlertBody) =>
    callApi(api.saveAnalysisAlert, { body }, { quiet: FORM_ERROR_CODES }),
  );

export const useAlertRemoveMutation = () =>
  useAlertMutation((id: string) => callApi(api.removeAnalysisAlert, { params: { id } }));
