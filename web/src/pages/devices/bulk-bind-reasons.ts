import type { BulkBindRow } from '@fleet/contract';
import type { RefusalTranslator } from '../../api/refusal-words';

/**
 * Why a line of a bulk bind file was not bound, in the user's language from the rule the server named
 * (`devices:bulk.reasons.<rule>`); the server's English for a rule the console cannot word; null when bound.
 */
export function bulkBindReason(i18n: RefusalTranslator, row: BulkBindRow): string | null {
  if (!row.refusal) return row.error;
  const key = `devices:bulk.reasons.${row.refusal.rule}`;
  return i18n.exists(key) ? i18n.t(key, row.refusal.params) : row.error;
}
