import type { EditClipBody, UploadClipQuery } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { useScope } from '../scope';
import { type UploadOptions, uploadAudioClip } from './clip-upload';
import { invalidateAudio } from './invalidate-audio';

export const useClipEditMutation = () => {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditClipBody) => callApi(api.editAudioClip, { body }, { quiet: FORM_ERROR_CODES }),
    onSuccess: () => invalidateAudio(queryClient, scope, ['clips']),
  });
};

/** A clip in use is refused (`clipInUse`, naming the groups): the screen words it. */
export const useClipRemoveMutation = () => {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(api.removeAudioClip, { params: { id } }, { quiet: ['CONFLICT'] }),
    onSuccess: () => invalidateAudio(queryClient, scope, ['clips']),
  });
};

/** Uploads one file; the library is refreshed after each clip that arrives. */
export function useClipUpload() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useCallback(
    async (file: Blob, query: UploadClipQuery, options?: UploadOptions) => {
      const clip = await uploadAudioClip(file, query, options);
      void invalidateAudio(queryClient, scope, ['clips']);
      return clip;
    },
    [queryClient, scope],
  );
}
