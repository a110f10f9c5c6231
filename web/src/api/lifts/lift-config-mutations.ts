import type { api, RouteInput } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { useScope } from '../scope';
import { liftKeys } from './keys';

export type CreateBankInput = RouteInput<typeof api.createLiftBank>['body'];
export type EditBankInput = RouteInput<typeof api.editLiftBank>['body'];
export type CreateLiftInput = RouteInput<typeof api.createLift>['body'];
export type EditLiftInput = RouteInput<typeof api.editLift>['body'];

/** After any change of lift configuration: the banks (with their lifts) and the gateways' bank counts. */
function useInvalidateLifts() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: liftKeys.allBanks(scope) }),
      queryClient.invalidateQueries({ queryKey: liftKeys.gateways(scope) }),
    ]);
}

export function useRegisterGatewayMutation() {
  const invalidate = useInvalidateLifts();
  return useMutation({
    mutationFn: (name: string) =>
      callApi(apiRoutes.registerLiftGateway, { body: { name } }, { quiet: FORM_ERROR_CODES }),
    onSuccess: invalidate,
  });
}

export function useEditGatewayMutation() {
  const invalidate = useInvalidateLifts();
  return useMutation({
    mutationFn: (body: { id: string; name: string }) =>
      callApi(apiRoutes.editLiftGateway, { body }, { quiet: FORM_ERROR_CODES }),
    onSuccess: invalidate,
  });
}

export function useRenewGatewayMutation() {
  return useMutation({
    mutationFn: (id: string) => callApi(apiRoutes.renewLiftGatewayPassword, { params: { id } }),
  });
}

export function useRemoveGatewayMutation() {
  const invalidate = useInvalidateLifts();
  return useMutation({
    mutationFn: (id: string) => callApi(apiRoutes.removeLiftGateway, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useCreateBankMutation() {
  const invalidate = useInvalidateLifts();
  return useMutation({
    mutationFn: (body: CreateBankInput) =>
      callApi(apiRoutes.createLiftBank, { body }, { quiet: FORM_ERROR_CODES }),
    onSuccess: invalidate,
  });
}

export function useEditBankMutation() {
  const invalidate = useInvalidateLifts();
  return useMutation({
    mutationFn: (body: EditBankInput) =>
      callApi(apiRoutes.editLiftBank, { body }, { quiet: FORM_ERROR_CODES }),
    onSuccess: invalidate,
  });
}

export function useRemoveBankMutation() {
  const invalidate = useInvalidateLifts();
  return useMutation({
    mutationFn: (id: string) => callApi(apiRoutes.removeLiftBank, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useCreateLiftMutation() {
  const invalidate = useInvalidateLifts();
  return useMutation({
    mutationFn: (body: CreateLiftInput) =>
      callApi(apiRoutes.createLift, { body }, { quiet: FORM_ERROR_CODES }),
    onSuccess: invalidate,
  });
}

export function useEditLiftMutation() {
  const invalidate = useInvalidateLifts();
  return useMutation({
    mutationFn: (body: EditLiftInput) => callApi(apiRoutes.editLift, { body }, { quiet: FORM_ERROR_CODES }),
    onSuccess: invalidate,
  });
}

export function useRemoveLiftMutation() {
  const invalidate = useInvalidateLifts();
  return useMutation({
    mutationFn: (id: string) => callApi(apiRoutes.removeLift, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useSetLiftEnabledMutation() {
  const invalidate = useInvalidateLifts();
  return useMutation({
    mutationFn: (v: { id: string; enabled: boolean }) =>
      callApi(apiRoutes.setLiftEnabled, { params: { id: v.id }, body: { enabled: v.enabled } }),
    onSuccess: invalidate,
  });
}
