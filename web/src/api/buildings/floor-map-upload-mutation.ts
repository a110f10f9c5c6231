import type { UploadFloorMapBody } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { useScope } from '../scope';
import { buildingKeys } from './keys';

/** Failures the upload form explains itself: a bad file or scale (400, naming the field) or a file too big. */
const UPLOAD_ERROR_CODES: readonly string[] = [...FORM_ERROR_CODES, 'PAYLOAD_TOO_LARGE'];

export function useFloorMapUploadMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ floorId, body }: { floorId: string; body: UploadFloorMapBody }) =>
      callApi(apiRoutes.uploadFloorMap, { params: { id: floorId }, body }, { quiet: UPLOAD_ERROR_CODES }),
    // Only the building's floors carry the map; lists show no map.
    onSuccess: (floor) =>
      queryClient.invalidateQueries({ queryKey: buildingKeys.detail(scope, floor.buildingId) }),
  });
}
