import { describe, expect, it } from 'vitest';
import { companiesOfOwners } from './device-owners.utils';

const owner = (companyId: string, companyName: string, deviceName: string, kind: 'miniDevice' | 'robot') => ({
  kind,
  deviceId: `00000000-0000-4000-8000-${deviceName.length.toString().padStart(12, '0')}`,
  deviceName,
  companyId,
  companyName,
  region: 'US',
});

describe('companies found by a device name (super admin)', () => {
  it('lists each company once with every device that found it, in the order found', () => {
    const entries = companiesOfOwners([
      owner('a', 'Acme Robotics', 'MINI-ACME-0001', 'miniDevice'),
      owner('s', 'Solo Café', 'MINI-SOLO-1', 'miniDevice'),
      owner('a', 'Acme Robotics', 'ACME-R1', 'robot'),
    ]);
    expect(entries).toEqual([
      { id: 'a', name: 'Acme Robotics', isSubsidiary: false, devices: ['MINI-ACME-0001', 'ACME-R1'] },
      { id: 's', name: 'Solo Café', isSubsidiary: false, devices: ['MINI-SOLO-1'] },
    ]);
  });

  it('a device found by both this server and the device gateway is named once', () => {
    const found = owner('a', 'Acme Robotics', 'MINI-ACME-0001', 'miniDevice');
    expect(companiesOfOwners([found, owner('s', 'Solo Café', 'MINI-SOLO-1', 'miniDevice'), found])).toEqual([
      { id: 'a', name: 'Acme Robotics', isSubsidiary: false, devices: ['MINI-ACME-0001'] },
      { id: 's', name: 'Solo Café', isSubsidiary: false, devices: ['MINI-SOLO-1'] },
    ]);
  });

  it('finds nothing in nothing', () => {
    expect(companiesOfOwners([])).toEqual([]);
  });
});
