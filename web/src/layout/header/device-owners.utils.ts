import type { DeviceOwner } from '@fleet/contract';

/** A company in the switcher's list; `devices` names what found it when a super admin searched by device. */
export interface CompanyEntry {
  id: string;
  name: string;
  isSubsidiary: boolean;
  devices?: readonly string[];
}

/**
 * Each owning company once, in the order found, with the device names (mini devices or robots) that led to it,
 * each name once (this server and the device gateway may both find the same device).
 */
export function companiesOfOwners(owners: readonly DeviceOwner[]): CompanyEntry[] {
  const byId = new Map<string, CompanyEntry & { devices: string[] }>();
  for (const o of owners) {
    const entry = byId.get(o.companyId) ?? {
      id: o.companyId,
      name: o.companyName,
      isSubsidiary: false,
      devices: [],
    };
    if (!entry.devices.includes(o.deviceName)) entry.devices.push(o.deviceName);
    byId.set(o.companyId, entry);
  }
  return [...byId.values()];
}
