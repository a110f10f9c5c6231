import type { AudioGroup, CreateGroupBody, EditGroupBody, PublishGroupBody } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { useScope } from '../scope';
import { invalidateAudio } from './invalidate-audio';
import { type AudioPart, audioKeys } from './keys';

const isGroup = (v: unknown): v is AudioGroup =>
  typeof v === 'object' && v !== null && 'content' in v && 'versions' in v && 'id' in v;

/**
 * A mutation of the audio area that refreshes what it changed when it succeeds. A group it answers with is
 * the group's detail at once, so the screen never shows the old draft between the save and the refetch.
 */
function useAudioMutation<I, O>(fn: (input: I) => Promise<O>, parts: readonly AudioPart[]) {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (data) => {
      if (isGroup(data)) queryClient.setQueryData(audioKeys.group(scope, data.id), data);
      return invalidateAudio(queryClient, scope, parts);
    },
  });
}

export const useGroupCreateMutation = () =>
  useAudioMutation(
    (body: CreateGroupBody) => callApi(api.createAudioGroup, { body }, { quiet: FORM_ERROR_CODES }),
    ['groups'],
  );

/** The draft's clips are the clips' `usedBy`: the library changes too. */
export const useGroupEditMutation = () =>
  useAudioMutation(
    (body: EditGroupBody) => callApi(api.editAudioGroup, { body }, { quiet: FORM_ERROR_CODES }),
    ['groups', 'clips'],
  );

export const useGroupDuplicateMutation = () =>
  useAudioMutation(
    ({ id, name }: { id: string; name: string }) =>
      callApi(api.duplicateAudioGroup, { params: { id }, body: { name } }, { quiet: FORM_ERROR_CODES }),
    ['groups', 'clips'],
  );

/** The group's own queries go rather than being asked again: they would only find it gone. */
export const useGroupRemoveMutation = () => {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(api.removeAudioGroup, { params: { id } }),
    onSuccess: ({ id }) => {
      queryClient.removeQueries({ queryKey: audioKeys.group(scope, id) });
      queryClient.removeQueries({ queryKey: audioKeys.robots(scope) });
      return invalidateAudio(queryClient, scope, ['groups', 'clips']);
    },
  });
};

export interface PublishInput extends PublishGroupBody {
  id: string;
}

/** A voice-pack conflict (409 `voicePackConflict`) and an unready draft (400) are the screen's to word. */
export const useGroupPublishMutation = () =>
  useAudioMutation(
    ({ id, ...body }: PublishInput) =>
      callApi(api.publishAudioGroup, { params: { id }, body }, { quiet: FORM_ERROR_CODES }),
    ['groups', 'clips', 'robots'],
  );

export const useGroupRollbackMutation = () =>
  useAudioMutation(
    ({ id, ...body }: PublishInput) =>
      callApi(api.rollbackAudioGroup, { params: { id }, body }, { quiet: FORM_ERROR_CODES }),
    ['groups', 'clips', 'robots'],
  );

/** To the robots that failed, or to one robot. */
export const useGroupRetryMutation = () =>
  useAudioMutation(
    ({ id, robotId }: { id: string; robotId?: string }) =>
      callApi(
        api.retryAudioGroup,
        { params: { id }, body: robotId ? { robotId } : {} },
        { quiet: ['CONFLICT'] },
      ),
    ['groups', 'robots'],
  );
