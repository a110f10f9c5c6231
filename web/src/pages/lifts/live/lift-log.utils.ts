import type { LiftEvent } from '@fleet/contract';
import type { TFunction } from 'i18next';

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const seconds = (ms: number) => (ms / 1000).toFixed(1);

/**
 * One line of what an event says, in the user's language: the floor, how long it took, how a session ended.
 * Operators' reasons are shown as they typed them.
 */
export function eventDetail(e: LiftEvent, t: TFunction): string {
  const d = e.detail;
  const parts: string[] = [];
  if (d.floor !== undefined) parts.push(t('live.log.floor', { floor: text(d.floor) }));
  for (const key of ['waitedMs', 'rideMs', 'latencyMs'] as const) {
    const v = d[key];
    if (typeof v === 'number') parts.push(t('live.log.after', { seconds: seconds(v) }));
  }
  switch (e.kind) {
    case 'command':
      parts.push(t(`live.log.command.${text(d.type)}`), text(d.reason));
      break;
    case 'forceRelease':
      parts.push(text(d.reason));
      break;
    case 'sessionEnded':
      parts.push(t(`live.log.ends.${text(d.reason)}`));
      break;
    case 'rideFailed':
      parts.push(t(`live.log.ends.${text(d.end)}`), t(`live.log.phase.${text(d.phase)}`));
      break;
  }
  return parts.filter(Boolean).join(' · ');
}
