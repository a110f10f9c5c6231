import type { AudioGroup, GroupContent, GroupTargets } from '@fleet/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { type Draft, type DraftIssues, draftOf, sameDraft } from './draft.utils';

/**
 * The draft as the screen edits it, over the saved one: unsaved until "Save draft". Languages added to a voice
 * pack without a clip yet are kept here (the server keeps only the languages a slot uses).
 */
export function useGroupDraft(group: AudioGroup | undefined) {
  const [edited, setEdited] = useState<Draft>();
  const [addedLangs, setAddedLangs] = useState<string[]>([]);
  const [issues, setIssues] = useState<DraftIssues>();
  const groupId = group?.id;

  // Another group opened: nothing carries over.
  useEffect(() => {
    if (groupId === undefined) return;
    setEdited(undefined);
    setAddedLangs([]);
    setIssues(undefined);
  }, [groupId]);

  const saved = useMemo(() => (group ? draftOf(group) : undefined), [group]);
  const draft = edited ?? saved;
  const dirty = edited !== undefined && saved !== undefined && !sameDraft(edited, saved);

  const change = useCallback(
    (next: Partial<Draft>) => {
      setIssues(undefined);
      setEdited((current) => {
        const base = current ?? saved;
        return base ? { ...base, ...next } : current;
      });
    },
    [saved],
  );

  return {
    draft,
    dirty,
    issues,
    setIssues,
    addedLangs,
    setAddedLangs,
    setContent: useCallback((content: GroupContent) => change({ content }), [change]),
    setTargets: useCallback((targets: GroupTargets) => change({ targets }), [change]),
    /** Back to the saved draft (after a save, or to throw the changes away). */
    reset: useCallback(() => {
      setEdited(undefined);
      setIssues(undefined);
    }, []),
  };
}
