import { PLAYLIST_ITEMS_MAX } from '@fleet/contract';

export interface PlaylistItem {
  clipId: string;
}

/** The list with the item at `index` moved `delta` places (−1 up, +1 down); unchanged at either end. */
export function moveItem<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(index, 1);
  next.splice(to, 0, moved as T);
  return next;
}

export const removeItem = <T>(items: readonly T[], index: number): T[] => items.filter((_, i) => i !== index);

/**
 * The clips added at the end, in the order chosen (a clip may play more than once); as many as fit under
 * PLAYLIST_ITEMS_MAX, with how many did not.
 */
export function addItems(
  items: readonly PlaylistItem[],
  clipIds: readonly string[],
  max = PLAYLIST_ITEMS_MAX,
): { items: PlaylistItem[]; left: number } {
  const room = Math.max(0, max - items.length);
  const added = clipIds.slice(0, room).map((clipId) => ({ clipId }));
  return { items: [...items, ...added], left: clipIds.length - added.length };
}
