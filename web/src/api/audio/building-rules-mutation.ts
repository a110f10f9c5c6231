import type { Api, RouteBody } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { useScope } from '../scope';
import { invalidateAudio } from './invalidate-audio';

export type BuildingRulesBody = RouteBody<Api['editAudioBuildingRules']>;

/** New rules go to the building's robots with their groups again: their progress changes too. */
export const useBuildingRulesMutation = () => {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BuildingRulesBody) =>
      callApi(api.editAudioBuildingRules, { body }, { quiet: FORM_ERROR_CODES }),
    onSuccess: () => invalidateAudio(queryClient, scope, ['rules', 'robots', 'groups']),
  });
};
