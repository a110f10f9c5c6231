import type { StateKind } from '@fleet/contract';

/** An instant on a building's clock, in the user's language: "Aug 3, 2:05 PM", "8月3日 14:05". */
export function zonedTime(iso: string, timeZone: string, locale: string, withDate = true): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    ...(withDate ? { month: 'short', day: 'numeric' } : {}),
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** The zone's short name at that instant ("GMT+2", "CST"), to say which clock the times are on. */
export function zoneLabel(iso: string, timeZone: string, locale: string): string {
  const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((p) => p.type === 'timeZoneName');
  return part ? `${timeZone} (${part.value})` : timeZone;
}

export interface TimelineSegment {
  state: StateKind;
  from: string;
  to: string;
  /** Where it starts and how wide it is, in percent of the task. */
  left: number;
  width: number;
}

/** A task's states as segments of a bar that spans the task, clipped to it. */
export function timelineSegments(
  states: readonly { state: StateKind; from: string; to: string }[],
  startedAt: string,
  endedAt: string,
): TimelineSegment[] {
  const start = Date.parse(startedAt);
  const span = Date.parse(endedAt) - start;
  if (span <= 0) return [];
  return states.flatMap((s) => {
    const from = Math.max(Date.parse(s.from), start);
    const to = Math.min(Date.parse(s.to), start + span);
    if (to <= from) return [];
    return [{ ...s, left: ((from - start) / span) * 100, width: ((to - from) / span) * 100 }];
  });
}
