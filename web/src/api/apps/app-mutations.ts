import type { Api, RouteInput } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { useScope } from '../scope';
import { appKeys } from './keys';

export type CreateAppInput = RouteInput<Api['createApiApp']>['body'];
export type EditAppInput = RouteInput<Api['editApiApp']>['body'];
export type CreateWebhookInput = RouteInput<Api['createWebhook']>['body'];
export type EditWebhookInput = RouteInput<Api['editWebhook']>['body'];

/** A change of the apps area that refreshes every apps query when it succeeds. */
function useAppMutation<I, O>(fn: (input: I) => Promise<O>) {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appKeys.all(scope) }),
  });
}

/** The key and secret are in the answer, once. */
export const useCreateAppMutation = () =>
  useAppMutation((body: CreateAppInput) => callApi(api.createApiApp, { body }, { quiet: FORM_ERROR_CODES }));

export const useEditAppMutation = () =>
  useAppMutation((body: EditAppInput) => callApi(api.editApiApp, { body }, { quiet: FORM_ERROR_CODES }));

export const useRotateAppSecretMutation = () =>
  useAppMutation((input: { id: string; overlapHours: number }) =>
    callApi(api.rotateApiAppSecret, { params: { id: input.id }, body: { overlapHours: input.overlapHours } }),
  );

export const useRevokeAppMutation = () =>
  useAppMutation((id: string) => callApi(api.revokeApiApp, { params: { id } }));

export const useReviewAppMutation = () =>
  useAppMutation((id: string) => callApi(api.reviewApiApp, { params: { id } }));

export const useRemoveAppMutation = () =>
  useAppMutation((id: string) => callApi(api.removeApiApp, { params: { id } }));

/** The signing secret is in the answer, once. */
export const useCreateWebhookMutation = () =>
  useAppMutation((body: CreateWebhookInput) =>
    callApi(api.createWebhook, { body }, { quiet: FORM_ERROR_CODES }),
  );

export const useEditWebhookMutation = () =>
  useAppMutation((body: EditWebhookInput) => callApi(api.editWebhook, { body }, { quiet: FORM_ERROR_CODES }));

export const useRotateWebhookSecretMutation = () =>
  useAppMutation((id: string) => callApi(api.rotateWebhookSecret, { params: { id } }));

export const useRemoveWebhookMutation = () =>
  useAppMutation((id: string) => callApi(api.removeWebhook, { params: { id } }));

export const useTestWebhookMutation = () =>
  useAppMutation((id: string) => callApi(api.testWebhook, { params: { id } }));
