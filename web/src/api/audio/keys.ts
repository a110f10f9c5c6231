import type { Scope } from '../query-scope';

/** Every audio query starts with the company's scope; each part below is what one kind of change touches. */
export const audioKeys = {
  all: (s: Scope | undefined) => [s?.region ?? 'none', s?.companyId ?? 'none', 'audio'] as const,
  /** The clip library (its pages and the pickers' full list). */
  clips: (s: Scope | undefined) => [...audioKeys.all(s), 'clips'] as const,
  clipSearch: (s: Scope | undefined, body: unknown) => [...audioKeys.clips(s), 'search', body] as const,
  clipChoices: (s: Scope | undefined) => [...audioKeys.clips(s), 'choices'] as const,
  /** Groups: the list's pages and each group's detail. */
  groups: (s: Scope | undefined) => [...audioKeys.all(s), 'groups'] as const,
  groupSearch: (s: Scope | undefined, body: unknown) => [...audioKeys.groups(s), 'search', body] as const,
  group: (s: Scope | undefined, id: string) => [...audioKeys.groups(s), 'detail', id] as const,
  /** Where each robot is with a group. */
  robots: (s: Scope | undefined) => [...audioKeys.all(s), 'robots'] as const,
  groupRobots: (s: Scope | undefined, body: unknown) => [...audioKeys.robots(s), body] as const,
  rules: (s: Scope | undefined) => [...audioKeys.all(s), 'rules'] as const,
  /** The company's robots to target and play on (names, serials, buildings). */
  robotChoices: (s: Scope | undefined) => [...audioKeys.all(s), 'robot-choices'] as const,
};

/** What a change touches, as `invalidateAudio` refreshes it. */
export type AudioPart = 'clips' | 'groups' | 'robots' | 'rules';
