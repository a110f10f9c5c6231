import type { LiftEvent } from '@fleet/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { eventDetail } from './lift-log.utils';

const t = ((key: string, o?: Record<string, string>) =>
  o ? `${key}(${Object.values(o).join()})` : key) as unknown as TFunction;
const event = (kind: string, detail: Record<string, unknown>): LiftEvent => ({
  id: '1',
  at: '2026-11-23T08:00:00Z',
  kind,
  sessionId: null,
  robotId: null,
  actorId: null,
  detail,
});

describe('the lift log (LIFTS-LOG)', () => {
  it('says where and how long, translated', () => {
    expect(eventDetail(event('arrival', { floor: '12A', waitedMs: 3240 }), t)).toBe(
      'live.log.floor(12A) · live.log.after(3.2)',
    );
  });

  it('shows an operator’s reason as typed, and how a session or a ride ended in words', () => {
    expect(eventDetail(event('command', { type: 'call', floorCode: '3', reason: 'cleaning' }), t)).toBe(
      'live.log.command.call · cleaning',
    );
    expect(eventDetail(event('sessionEnded', { reason: 'forceReleased', note: 'x' }), t)).toBe(
      'live.log.ends.forceReleased',
    );
    expect(
      eventDetail(
        event('rideFailed', { reason: 'Lift A is in fire mode', phase: 'waiting', end: 'alarm' }),
        t,
      ),
    ).toBe('live.log.ends.alarm · live.log.phase.waiting');
  });
});
