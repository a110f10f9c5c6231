import { describe, expect, it } from 'vitest';
import { RouteTable } from './route-table.js';

describe('RouteTable (the telemetry thread’s registered robots)', () => {
  it('routes topic levels to robot ids and follows registrations, edits and removals', () => {
    const table = new RouteTable([{ id: 'r1', slot: 0, manufacturer: 'acme', serialNumber: 'S-1' }]);
    expect(table.idOf('acme', 'S-1')).toBe('r1');
    const before = table.registrations;
    // An edit that renames the serial number: the old topic no longer belongs to the robot.
    table.set({ id: 'r1', slot: 0, manufacturer: 'acme', serialNumber: 'S-2' });
    expect(table.idOf('acme', 'S-1')).toBeUndefined();
    expect(table.idOf('acme', 'S-2')).toBe('r1');
    expect(table.slotOf('r1')).toBe(0);
    table.delete('r1');
    expect(table.idOf('acme', 'S-2')).toBeUndefined();
    expect(table.registrations).toBeGreaterThan(before + 1);
    table.delete('unknown');
  });
});
