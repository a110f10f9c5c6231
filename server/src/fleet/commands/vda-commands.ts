import { randomUUID } from 'node:crypto';
import type { CommandType } from '@fleet/contract';

/** The VDA 5050 instant action behind each console command (all but goTo, which is an order). */
export const INSTANT_ACTION_OF: Record<Exclude<CommandType, 'goTo'>, string> = {
  pause: 'startPause',
  resume: 'stopPause',
  cancel: 'cancelOrder',
  charge: 'startCharging',
  stopCharging: 'stopCharging',
  requestState: 'stateRequest',
};

export interface Header {
  headerId: number;
  timestamp: string;
  version: string;
  manufacturer: string;
  serialNumber: string;
}

/**
 * An instantActions message with one action. The list goes under both names: `actions` as VDA 5050 2.0
 * writes it, and `instantActions` as robots built on vda-5050-lib read it.
 */
export function instantActionMessage(header: Header, type: Exclude<CommandType, 'goTo'>) {
  const action = {
    actionId: `console-${randomUUID()}`,
    actionType: INSTANT_ACTION_OF[type],
    blockingType: type === 'requestState' ? 'NONE' : 'HARD',
    actionParameters: [],
  };
  return { message: { ...header, actions: [action], instantActions: [action] }, actionId: action.actionId };
}

/** An instantActions message with one action of a type of our own (audio), its parameters as key/value pairs. */
export function customActionMessage(
  header: Header,
  actionType: string,
  parameters: { key: string; value: string | number }[],
) {
  const action = {
    actionId: `console-${randomUUID()}`,
    actionType,
    blockingType: 'NONE',
    actionParameters: parameters,
  };
  return { message: { ...header, actions: [action], instantActions: [action] }, actionId: action.actionId };
}
