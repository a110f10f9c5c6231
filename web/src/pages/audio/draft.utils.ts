import type { AudioGroup, FieldIssue, GroupContent, GroupTargets } from '@fleet/contract';
import { isApiError } from '../../api/api-error';

/** What "Save draft" sends: the content and the targets the screen edits. */
export interface Draft {
  content: GroupContent;
  targets: GroupTargets;
}

export const draftOf = (group: Pick<AudioGroup, 'content' | 'targets'>): Draft => ({
  content: group.content,
  targets: group.targets,
});

/** A draft in a form where equal drafts compare equal, whatever order their sets came in (slots, targets). */
function canonical({ content, targets }: Draft): string {
  const c =
    content.kind === 'voicePack'
      ? {
          ...content,
          slots: [...content.slots]
            .sort((a, b) => `${a.lang}/${a.slot}`.localeCompare(`${b.lang}/${b.slot}`))
            .map(({ lang, slot, clipId }) => ({ lang, slot, clipId })),
        }
      : {
          kind: content.kind,
          items: content.items.map(({ clipId }) => ({ clipId })),
          schedule: {
            ...content.schedule,
            weekdays: [...content.schedule.weekdays].sort(),
          },
        };
  const t = { buildingIds: [...targets.buildingIds].sort(), robotIds: [...targets.robotIds].sort() };
  return JSON.stringify([c, t]);
}

/** Whether the screen's draft differs from the saved one (unsaved changes). */
export const sameDraft = (a: Draft, b: Draft) => canonical(a) === canonical(b);

/** Only the parts of the draft that changed, so a save sends (and the audit log names) just those. */
export function changedParts(edited: Draft, saved: Draft): Partial<Draft> {
  return {
    ...(sameDraft({ ...saved, content: edited.content }, saved) ? {} : { content: edited.content }),
    ...(sameDraft({ ...saved, targets: edited.targets }, saved) ? {} : { targets: edited.targets }),
  };
}

/** Where the server's complaints about a draft belong on screen, each already in words. */
export interface DraftIssues {
  /** `lang/slot` → why that cell's clip was refused. */
  slots: Map<string, string>;
  /** Playlist position → why its clip was refused. */
  items: Map<number, string>;
  /** Every complaint, each once, for the list above the editor. */
  messages: string[];
}

const SLOT = /^(?:body\.)?content\.slots\.(\d+)/;
const ITEM = /^(?:body\.)?content\.items\.(\d+)/;

/**
 * Places a refused save or publication on the draft that was sent: a slot's or item's clip by its position in
 * `sent`, anything else in the list. `word` gives a refused field's words (undefined: the server's text).
 */
export function draftIssues(
  error: unknown,
  sent: GroupContent,
  word: (issue: FieldIssue) => string | undefined,
): DraftIssues {
  const out: DraftIssues = { slots: new Map(), items: new Map(), messages: [] };
  if (!isApiError(error)) return out;
  const add = (text: string) => {
    if (!out.messages.includes(text)) out.messages.push(text);
  };
  if (error.issues.length === 0) {
    add(error.info);
    return out;
  }
  for (const issue of error.issues) {
    const text = word(issue) ?? error.info;
    add(text);
    const slot = SLOT.exec(issue.path)?.[1];
    const item = ITEM.exec(issue.path)?.[1];
    if (slot !== undefined && sent.kind === 'voicePack') {
      const s = sent.slots[Number(slot)];
      if (s) out.slots.set(`${s.lang}/${s.slot}`, text);
    } else if (item !== undefined && sent.kind === 'playlist') {
      out.items.set(Number(item), text);
    }
  }
  return out;
}

export type DraftStatus = 'unsaved' | 'neverPublished' | 'unpublished' | 'published';

/** What the header says of the draft: changes not saved, saved but not published, or what robots have. */
export function draftStatus(
  group: Pick<AudioGroup, 'activeVersion' | 'draftChanged'>,
  dirty: boolean,
): DraftStatus {
  if (dirty) return 'unsaved';
  if (group.activeVersion === null) return 'neverPublished';
  return group.draftChanged ? 'unpublished' : 'published';
}

/** Whether publishing now would send anything new (an unchanged draft is published already). */
export const canPublish = (group: Pick<AudioGroup, 'activeVersion' | 'draftChanged'>, dirty: boolean) =>
  dirty || group.draftChanged || group.activeVersion === null;
