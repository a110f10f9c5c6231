import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { buildingKeys } from './keys';

export function useBuildingRemoveMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(apiRoutes.removeBuilding, { params: { id } }),
    // Only the lists: the building's own detail is left alone, not refetched into a 404 while its screen
    // is still open; it is dropped from the cache once nothing shows it.
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: buildingKeys.searches(scope) }),
        queryClient.invalidateQueries({ queryKey: buildingKeys.options(scope) }),
      ]);
    },
  });
}
