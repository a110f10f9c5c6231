import type { MiniDevice } from '@fleet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { deviceKeys } from '../../api/devices/keys';
import { useScope } from '../../api/scope';

/**
 * The open device's calls and timeline are asked again when /live pushes one of their steps: a call made, moved on
 * or ended, the device online or offline. Between steps (and when the drawer opens) nothing more is asked.
 */
export function usePushedSteps(device: MiniDevice): void {
  const queryClient = useQueryClient();
  const scope = useScope();
  const step = `${device.id}:${device.openCall?.id}:${device.openCall?.state}:${device.live.online}`;
  const seen = useRef(step);
  useEffect(() => {
    if (seen.current === step) return;
    seen.current = step;
    void queryClient.invalidateQueries({ queryKey: deviceKeys.calls(scope, device.id) });
    void queryClient.invalidateQueries({ queryKey: deviceKeys.allEvents(scope, device.id) });
  }, [queryClient, scope, device.id, step]);
}
