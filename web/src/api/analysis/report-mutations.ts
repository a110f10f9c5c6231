import type { SaveReportBody } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { useScope } from '../scope';
import { analysisConfigKeys } from './config-keys';

function useReportMutation<I, O>(fn: (input: I) => Promise<O>) {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analysisConfigKeys.reports(scope) }),
  });
}

/** Adds a subscription, or changes the one whose id the body carries. */
export const useReportSaveMutation = () =>
  useReportMutation((body: SaveReportBody) =>
    callApi(api.saveAnalysisReport, { body }, { quiet: FORM_ERROR_CODES }),
  );

export const useReportRemoveMutation = () =>
  useReportMutation((id: string) => callApi(api.removeAnalysisReport, { params: { id } }));

/** Sends the last complete period now; the answer names who it went to. `lastSentAt` is not moved by it. */
export const useReportSendMutation = () =>
  useReportMutation((id: string) => callApi(api.sendAnalysisReport, { params: { id } }));
