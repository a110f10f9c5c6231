import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { useScope } from '../scope';
import { companyKeys } from './keys';

export function useSubsidiaryCreateMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      callApi(apiRoutes.createSubsidiary, { body: { name } }, { quiet: FORM_ERROR_CODES }),
    // The list, the menu's probe (the first subsidiary brings the menu entry) and the header's company list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all(scope) }),
  });
}
