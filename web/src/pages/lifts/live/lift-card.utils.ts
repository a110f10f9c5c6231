import type { LiftLiveView, LiftMode } from '@fleet/contract';

/** How a mode is shown: alarms red, robot service blue, passengers plain. */
export type ModeTone = 'alarm' | 'robots' | 'normal' | 'unknown';

export function modeTone(mode: LiftMode | undefined): ModeTone {
  if (mode === 'fire' || mode === 'emergency' || mode === 'offline') return 'alarm';
  if (mode === 'agv') return 'robots';
  if (mode === 'human') return 'normal';
  return 'unknown';
}

/** Seconds since the lift last reported, to a tenth under ten seconds; null before any report. */
export function secondsSince(reportedAt: string | null, now: number): number | null {
  if (!reportedAt) return null;
  const s = Math.max(0, (now - Date.parse(reportedAt)) / 1000);
  return s < 10 ? Math.round(s * 10) / 10 : Math.round(s);
}

/** Whole seconds from an ISO time to now (how long a robot has waited, how long a session has run). */
export const elapsedSeconds = (since: string, now: number) =>
  Math.max(0, Math.round((now - Date.parse(since)) / 1000));

/** "1:05" for 65 s, "1:02:03" past the hour. */
export function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

/** The floors a lift may be called to: those it advertises now (none before it has reported). */
export function callableFloors(lift: LiftLiveView): string[] {
  return lift.report?.availableFloors ?? [];
}

export interface BankGroup {
  bankId: string;
  name: string;
  lifts: LiftLiveView[];
}

/** Lifts grouped by bank, banks and lifts by name; a bank not (yet) named shows its id's start. */
export function groupByBank(
  lifts: readonly LiftLiveView[],
  bankNames: ReadonlyMap<string, string>,
): BankGroup[] {
  const groups = new Map<string, BankGroup>();
  for (const l of lifts) {
    const g = groups.get(l.bankId) ?? {
      bankId: l.bankId,
      name: bankNames.get(l.bankId) ?? l.bankId.slice(0, 8),
      lifts: [],
    };
    g.lifts.push(l);
    groups.set(l.bankId, g);
  }
  return [...groups.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((g) => ({ ...g, lifts: [...g.lifts].sort((a, b) => a.name.localeCompare(b.name)) }));
}
