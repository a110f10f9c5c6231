import { describe, expect, it } from 'vitest';
import type { Fleet } from '../../../fleet/fleet-service.js';
import type { DeviceLink } from '../../devices/link/device-link.js';
import type { LiftLink } from '../../lifts/link/lift-link.js';
import { feedWebhooks } from './event-sources.js';
import type { OutgoingEvent, WebhookDispatcher } from './webhook-dispatcher.js';

/** One lift in a building, its mode set by the test; the instance carries the building or not. */
function world(carries: boolean) {
  let mode = 'normal';
  const listeners: Array<
    (identity: { id: string; companyId: string; buildingId: string; name: string }) => void
  > = [];
  const identity = { id: 'lift-1', companyId: 'acme', buildingId: 'tower', name: 'Lift A' };
  const told: OutgoingEvent[] = [];
  // Only what feedWebhooks reaches of each part is given: the parts themselves need a database and a broker.
  const fleet = {
    history: { onEvent: () => () => {} },
    store: { identity: () => undefined },
    ownership: { owns: (key: string) => carries && key === 'building:tower' },
  } as unknown as Fleet;
  const devices = { onCallEvent: () => () => {} } as unknown as DeviceLink;
  const lifts = {
    store: {
      onChange: (l: (typeof listeners)[number]) => {
        listeners.push(l);
        return () => {};
      },
      get: () => ({ report: { currentMode: mode } }),
    },
  } as unknown as LiftLink;
  const dispatcher = { publish: (e: OutgoingEvent) => told.push(e) } as unknown as WebhookDispatcher;
  feedWebhooks(dispatcher, fleet, devices, lifts);
  const report = (m: string) => {
    mode = m;
    for (const l of listeners) l(identity);
  };
  return { told, report };
}

describe('lift alarms told to webhooks (APPS-WEBHOOKS)', () => {
  it('the instance carrying the lift’s building tells a fire alarm once', () => {
    const w = world(true);
    w.report('normal');
    w.report('fire');
    w.report('fire');
    expect(w.told.map((e) => [e.type, e.data.mode])).toEqual([['lift.alarm', 'fire']]);
  });

  it('another instance that hears the same lift tells nothing (LIFTS-SESSIONS-SHARED)', () => {
    const w = world(false);
    w.report('normal');
    w.report('fire');
    expect(w.told).toEqual([]);
  });
});
