import type { QueryClient } from '@tanstack/react-query';
import type { Scope } from '../query-scope';
import { type AudioPart, audioKeys } from './keys';

/** Refreshes exactly the parts a change touched (a clip's groups, a publication's robots…). */
export function invalidateAudio(
  queryClient: QueryClient,
  scope: Scope | undefined,
  parts: readonly AudioPart[],
) {
  return Promise.all(
    parts.map((part) => queryClient.invalidateQueries({ queryKey: audioKeys[part](scope) })),
  );
}
