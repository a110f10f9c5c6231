import type { SaveSettingBody } from '@fleet/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import type { Scope } from '../query-scope';
import { useScope } from '../scope';
import { analysisConfigKeys } from './config-keys';
import { analysisKeys } from './keys';

/** A version saved or removed recomputes its days: the charts of /analysis are stale too. */
const refresh = (queryClient: QueryClient, scope: Scope | undefined) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: analysisConfigKeys.settings(scope) }),
    queryClient.invalidateQueries({ queryKey: analysisKeys.figures(scope) }),
  ]);

export const useSettingSaveMutation = () => {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSettingBody) =>
      callApi(api.saveAnalysisSetting, { body }, { quiet: FORM_ERROR_CODES }),
    onSuccess: () => refresh(queryClient, scope),
  });
};

export const useSettingRemoveMutation = () => {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(api.removeAnalysisSetting, { params: { id } }),
    onSuccess: () => refresh(queryClient, scope),
  });
};

/** Answers how many robot-days were queued; the figures change as they are rebuilt. */
export const useRecomputeMutation = () => {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (from: string) =>
      callApi(api.recomputeAnalysis, { body: { from } }, { quiet: FORM_ERROR_CODES }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analysisKeys.figures(scope) }),
  });
};
