import { useMutation } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';

/** A new MQTT password: the robot's open connections are cut and the old password stops working. */
export function useRobotRenewMutation() {
  return useMutation({
    mutationFn: (id: string) => callApi(api.renewRobotCredentials, { params: { id } }),
  });
}
