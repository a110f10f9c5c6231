import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { miniDeviceFixture } from '../../live/mini-device.fixture';
import { usePushedSteps } from './use-pushed-steps';

const at = '2026-11-25T10:00:00.000Z';
const device = miniDeviceFixture;

describe('the open device asks again when /live pushes a step (DEVICES-LIVE)', () => {
  it('its calls and timeline are read again on a call step or going offline, not on a heartbeat nor on opening', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { rerender } = renderHook(({ d }) => usePushedSteps(d), {
      wrapper,
      initialProps: { d: device() },
    });
    expect(invalidate).not.toHaveBeenCalled();
    // A heartbeat: battery and last seen move, no step.
    rerender({ d: device({ live: { online: true, battery: 79, rssi: -61, lastSeenAt: at } }) });
    expect(invalidate).not.toHaveBeenCalled();
    const openCall = {
      id: '00000000-0000-4000-8000-0000000000ca',
      state: 'created' as const,
      robotName: null,
      queuePosition: 1,
      createdAt: at,
    };
    rerender({ d: device({ openCall }) });
    expect(invalidate).toHaveBeenCalledTimes(2);
    rerender({
      d: device({ openCall: { ...openCall, state: 'assigned', robotName: 'Runner 2', queuePosition: null } }),
    });
    expect(invalidate).toHaveBeenCalledTimes(4);
    rerender({ d: device({ live: { online: false, battery: 79, rssi: null, lastSeenAt: at } }) });
    expect(invalidate).toHaveBeenCalledTimes(6);
    client.clear();
  });
});
