import { AUDIO_LANG, type ClipPurpose, DEFAULT_CLIP_CAPS, type Refusal } from '@fleet/contract';
import { isApiError } from '../../api/api-error';

/** What the file picker offers: the formats the server reads from the bytes (it decides, not the name). */
export const AUDIO_ACCEPT = '.mp3,.wav,.ogg,.oga,.opus,.m4a,.aac,audio/*';

export const CLIP_NAME_MAX = 64;

export type UploadState = 'ready' | 'refused' | 'uploading' | 'done' | 'failed';

/** One file of an upload batch and how far it got. */
export interface UploadItem {
  key: string;
  file: File;
  /** The clip's name: the file's, without its extension, until the user changes it. */
  name: string;
  state: UploadState;
  /** 0..1 of the bytes sent. */
  progress: number;
  /** Why it was refused or failed: a rule to word, or text the server or network gave. */
  problem?: { refusal: Refusal } | { text: string } | { cancelled: true };
}

/** "Lobby welcome.mp3" → "Lobby welcome": a clip name of at most 64 characters. */
export function nameFromFileName(fileName: string): string {
  const base = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim();
  return (base || fileName.trim() || 'clip').slice(0, CLIP_NAME_MAX);
}

const MB = 1024 * 1024;
const megabytes = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/**
 * What the browser can tell before sending: an empty file, or one over its purpose's size cap (the server's
 * caps, from its client config). Duration and format need the bytes
 * read, which the server does.
 */
export function precheckFile(
  file: Pick<File, 'size'>,
  purpose: ClipPurpose,
  caps = DEFAULT_CLIP_CAPS,
): Refusal | undefined {
  if (file.size === 0) return { rule: 'clipEmpty', params: {} };
  const { maxBytes } = caps[purpose];
  if (file.size > maxBytes) {
    return {
      rule: 'clipTooLarge',
      params: { sizeMb: megabytes(file.size), maxMb: megabytes(maxBytes), purpose },
    };
  }
  return undefined;
}

/** Whether a typed language is a tag the server takes (empty is "no language"). */
export const isAudioLang = (value: string) => value === '' || (AUDIO_LANG.test(value) && value.length <= 35);

/**
 * Why an upload failed, to show beside its file: the rule the server named (clipTooLarge, clipTooLong,
 * clipNotSound, clipUnreadable, clipEmpty…), a cancellation, or the server's or network's words.
 */
export function uploadProblem(error: unknown): NonNullable<UploadItem['problem']> {
  if (!isApiError(error)) return { text: error instanceof Error ? error.message : String(error) };
  if (error.code === 'ERR_CANCELED') return { cancelled: true };
  const issue = error.refusal ?? error.issues[0];
  if (issue) return { refusal: { rule: issue.rule, params: issue.params } };
  return { text: error.info };
}

let counter = 0;

/** New files become items: those the browser can already refuse are marked so and never sent. */
export function itemsOf(
  files: readonly File[],
  purpose: ClipPurpose,
  caps = DEFAULT_CLIP_CAPS,
): UploadItem[] {
  return files.map((file) => {
    const refusal = precheckFile(file, purpose, caps);
    counter += 1;
    return {
      key: `${counter}-${file.name}`,
      file,
      name: nameFromFileName(file.name),
      state: refusal ? 'refused' : 'ready',
      progress: 0,
      ...(refusal ? { problem: { refusal } } : {}),
    };
  });
}

/** A purpose change re-checks every file not sent yet against the new caps. */
export function recheck(
  items: readonly UploadItem[],
  purpose: ClipPurpose,
  caps = DEFAULT_CLIP_CAPS,
): UploadItem[] {
  return items.map((item) => {
    if (item.state !== 'ready' && item.state !== 'refused') return item;
    const refusal = precheckFile(item.file, purpose, caps);
    const { problem: _, ...rest } = item;
    return refusal ? { ...rest, state: 'refused', problem: { refusal } } : { ...rest, state: 'ready' };
  });
}

/** The files still to send: ready ones, and failed ones again (a retry), each with a name. */
export const sendable = (items: readonly UploadItem[]) =>
  items.filter((i) => (i.state === 'ready' || i.state === 'failed') && i.name.trim() !== '');

/** Counts for the dialog's summary line. */
export function uploadSummary(items: readonly UploadItem[]) {
  const count = (s: UploadState) => items.filter((i) => i.state === s).length;
  return {
    total: items.length,
    done: count('done'),
    failed: count('failed') + count('refused'),
    uploading: count('uploading'),
  };
}
