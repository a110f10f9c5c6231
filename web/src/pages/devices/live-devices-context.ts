import { createContext, useContext } from 'react';
import type { LiveDevices } from '../../live/use-live-devices';

/** The /device screen's live devices, for the drawer and the timeline inside it. */
export const LiveDevicesContext = createContext<LiveDevices | null>(null);

/** How often a device's queries ask again: seldom while /live pushes its changes, else often (see device-query). */
export function useLiveRefresh(live: number, polled: number): number {
  const devices = useContext(LiveDevicesContext);
  return devices?.status === 'live' ? live : polled;
}

export const useLiveDevicesContext = () => useContext(LiveDevicesContext);
