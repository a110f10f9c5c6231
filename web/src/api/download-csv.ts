import { CSV_INCOMPLETE_MARKER } from '@fleet/contract/csv';
import { notify } from '../feedback/notifier';
import i18n from '../i18n/i18n';

/** True when the server's last row says the file stopped before its end. */
export async function isIncompleteCsv(body: Blob): Promise<boolean> {
  const tail = await body.slice(Math.max(0, body.size - 512)).text();
  return tail.includes(`\r\n${CSV_INCOMPLETE_MARKER},`);
}

/**
 * Hands a CSV answer to the browser under the server's file name. A file the server could not finish is not
 * saved: the user is told and the promise rejects, like any other failed call.
 */
export async function saveCsv(
  answer: { body: Blob; fileName: string | null },
  fallbackName: string,
): Promise<void> {
  if (await isIncompleteCsv(answer.body)) {
    notify({ level: 'error', text: i18n.t('errors:exportIncomplete') });
    throw new Error('the export stopped before its end');
  }
  const url = URL.createObjectURL(answer.body);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = answer.fileName || fallbackName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the download manager; the URL itself is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
