import { describe, expect, it } from 'vitest';
import type { IngestSink } from '../ingest.js';
import type { StateDigest } from '../vda/state-digest.js';
import { applyRecords, RecordWriter } from './telemetry-records.js';

const ERROR = { errorType: 'laserBlocked', errorLevel: 'WARNING' as const };

function state(errors: StateDigest['errors']): StateDigest {
  return {
    orderId: null,
    openNodes: 0,
    driving: false,
    paused: false,
    operatingMode: 'AUTOMATIC',
    battery: 80,
    charging: false,
    position: null,
    velocity: null,
    errors,
    actionStates: [],
  };
}

/** The error lists the main thread gets for each state, in order (null: as the robot's last state said). */
function errorsSeen(writer: RecordWriter, ids: string[]): Array<StateDigest['errors']> {
  const seen: Array<StateDigest['errors']> = [];
  const sink: IngestSink = {
    applyConnection: () => {},
    applyVisualization: () => {},
    applyState: (_id, s) => seen.push(s.errors),
  };
  applyRecords(sink, writer.take(), (slot) => ids[slot]);
  return seen;
}

describe('the thread’s records of states', () => {
  const slots = new Map([
    ['r-0', 0],
    ['r-1', 4000],
  ]);

  it('leave a robot’s lists out while they stay as its last state had them, whatever its slot', () => {
    const writer = new RecordWriter((id) => slots.get(id));
    const ids = ['r-0'];
    ids[4000] = 'r-1';
    for (const id of ['r-1', 'r-0', 'r-1', 'r-0']) writer.applyState(id, state([ERROR]), 1);
    writer.applyState('r-1', state([]), 2);
    expect(errorsSeen(writer, ids)).toEqual([[ERROR], [ERROR], null, null, []]);
  });

  it('send them whole again once the robot is forgotten (registered again or removed)', () => {
    const writer = new RecordWriter((id) => slots.get(id));
    const ids = ['r-0'];
    ids[4000] = 'r-1';
    writer.applyState('r-1', state([ERROR]), 1);
    writer.applyState('r-0', state([ERROR]), 1);
    writer.forget(4000);
    writer.forget(undefined);
    writer.forget(99_999);
    writer.applyState('r-1', state([ERROR]), 2);
    writer.applyState('r-0', state([ERROR]), 2);
    expect(errorsSeen(writer, ids)).toEqual([[ERROR], [ERROR], [ERROR], null]);
  });
});
