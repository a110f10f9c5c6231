import type { Api, RouteInput } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { useScope } from '../scope';
import { invalidateDevices } from './invalidate-devices';

export type RegisterDeviceInput = RouteInput<Api['registerMiniDevice']>['body'];
export type EditDeviceInput = RouteInput<Api['editMiniDevice']>['body'];
export type BindDeviceInput = RouteInput<Api['bindMiniBuilding']>['body'];

/** A mutation of the devices area that refreshes every device query when it succeeds. */
function useDeviceMutation<I, O>(fn: (input: I) => Promise<O>) {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateDevices(queryClient, scope) });
}

/** The credentials are in the answer, once. */
export const useDeviceRegisterMutation = () =>
  useDeviceMutation((body: RegisterDeviceInput) =>
    callApi(api.registerMiniDevice, { body }, { quiet: FORM_ERROR_CODES }),
  );

export const useDeviceEditMutation = () =>
  useDeviceMutation((body: EditDeviceInput) =>
    callApi(api.editMiniDevice, { body }, { quiet: FORM_ERROR_CODES }),
  );

export const useDeviceBindMutation = () =>
  useDeviceMutation((body: BindDeviceInput) =>
    callApi(api.bindMiniBuilding, { body }, { quiet: FORM_ERROR_CODES }),
  );

export const useDeviceRemoveMutation = () =>
  useDeviceMutation((id: string) => callApi(api.removeMiniDevice, { params: { id } }));

export const useDeviceRenewMutation = () =>
  useDeviceMutation((id: string) => callApi(api.renewMiniDeviceCredentials, { params: { id } }));

/** A file's rows are answered one by one; a bad file is the form's to show. */
export const useDeviceBulkBindMutation = () =>
  useDeviceMutation((csv: string) =>
    callApi(api.bulkBindMiniDevices, { body: { csv } }, { quiet: FORM_ERROR_CODES }),
  );

export const useDeviceIdentifyMutation = () =>
  useDeviceMutation((id: string) =>
    callApi(api.identifyMiniDevice, { params: { id }, body: { seconds: 10 } }),
  );

export const useDeviceTestCallMutation = () =>
  useDeviceMutation((id: string) => callApi(api.testMiniDeviceCall, { params: { id } }));

export const useDeviceCancelCallMutation = () =>
  useDeviceMutation((id: string) => callApi(api.cancelMiniDeviceCall, { params: { id } }));
