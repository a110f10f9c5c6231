import { describe, expect, it } from 'vitest';
import { ErrorLedger } from './error-ledger.js';
import { PIECE_MS, StateLedger } from './state-ledger.js';

describe('ANALYSIS-FACTS: StateLedger', () => {
  it('closes a piece when the status changes, and none while it stays', () => {
    const l = new StateLedger();
    expect(l.observe('r', 'idle', [], 0)).toBeNull();
    expect(l.observe('r', 'idle', [], 500)).toBeNull();
    expect(l.observe('r', 'working', [], 1000)).toEqual({
      robotId: 'r',
      state: 'idle',
      startedAt: 0,
      endedAt: 1000,
      errorCodes: [],
    });
  });

  it('in the error state a new set of codes is a new piece, with the codes sorted and once each', () => {
    const l = new StateLedger();
    l.observe('r', 'error', [{ errorType: 'b' }, { errorType: 'a' }, { errorType: 'a' }], 0);
    const p = l.observe('r', 'error', [{ errorType: 'a' }], 10);
    expect(p).toMatchObject({ state: 'error', errorCodes: ['a', 'b'], endedAt: 10 });
  });

  it('cuts a lasting state every PIECE_MS and goes on without a gap', () => {
    const l = new StateLedger();
    l.observe('r', 'charging', [], 0);
    expect(l.cut(PIECE_MS - 1)).toEqual([]);
    const [piece] = l.cut(PIECE_MS);
    expect(piece).toMatchObject({ state: 'charging', startedAt: 0, endedAt: PIECE_MS });
    expect(l.observe('r', 'idle', [], PIECE_MS + 5)).toMatchObject({
      startedAt: PIECE_MS,
      endedAt: PIECE_MS + 5,
    });
  });

  it('closes everything when the server stops', () => {
    const l = new StateLedger();
    l.observe('a', 'idle', [], 0);
    l.observe('b', 'working', [], 5);
    expect(l.closeAll(10).map((p) => [p.robotId, p.endedAt])).toEqual([
      ['a', 10],
      ['b', 10],
    ]);
    expect(l.closeAll(20)).toEqual([]);
  });
});

describe('ANALYSIS-FACTS: ErrorLedger', () => {
  it('opens an error when it appears and closes it when the robot stops listing it', () => {
    const l = new ErrorLedger();
    const first = l.observe(
      'r',
      [{ errorType: 'lidar', errorLevel: 'FATAL', errorDescription: 'no scan' }],
      100,
    );
    expect(first.opened).toMatchObject([
      { code: 'lidar', level: 'FATAL', description: 'no scan', startedAt: 100 },
    ]);
    expect(l.observe('r', [{ errorType: 'lidar', errorLevel: 'FATAL' }], 200)).toEqual({
      opened: [],
      closed: [],
    });
    const gone = l.observe('r', [], 300);
    // The closed error names its code: a webhook's robot.error.cleared says which error cleared.
    expect(gone.closed).toEqual([{ id: first.opened[0]?.id, code: 'lidar', endedAt: 300 }]);
  });
});
