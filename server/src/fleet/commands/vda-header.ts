import type { Header } from './vda-commands.js';

let headerId = 0;

/**
 * The VDA 5050 header of a message to a robot. One counter for every message the console sends (commands and
 * rides alike), so a robot sees its headerIds go up.
 */
export function vdaHeader(robot: { manufacturer: string; serialNumber: string }): Header {
  return {
    headerId: ++headerId,
    timestamp: new Date().toISOString(),
    version: '2.0.0',
    manufacturer: robot.manufacturer,
    serialNumber: robot.serialNumber,
  };
}
