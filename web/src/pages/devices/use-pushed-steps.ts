import type { MiniDevice } from '@fleet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { deviceKeys } from '../../api/devices/keys';
import { useScope } from '../../api/scope';

/**
 * The open device's calls and timeline are asked again when /live pushes one of their steps: a call made, moved on
 * or ended, the device online or offline. Between steps nothing is asked.
 */
export function usePushedSteps(device: MiniDevice): void {
  const queryClient = useQueryClient();
  const scope = useScope();
  const step = `${device.openCall?.id}:${device.openCall?.state}:${device.live.online}`;
  useEffect(() => {
    // `step` is what moved: the queries of this device are stale from then on.
    void step;
    void queryClient.invalidateQueries({ queryKey: deviceKeys.calls(scope, device.id) });
    void queryClient.invalidateQueries({ queryKey: deviceKeys.allEvents(scope, device.id) });
  }, [queryClient, scope, device.id, step]);
}
