import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { useScope } from '../scope';
import { companyKeys } from './keys';

export function useSubsidiaryRenameMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: string; name: string }) =>
      callApi(apiRoutes.renameSubsidiary, { body }, { quiet: FORM_ERROR_CODES }),
    // The list and the header's company list show the name.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all(scope) }),
  });
}
