import { API_SCOPES, type AuditEntry, WEBHOOK_EVENTS } from '@fleet/contract';
import { eventKey, scopeKey } from '../apps/text-keys';
import type { Translate } from '../roles/permission-label';

// The apps area's details as the server writes them (server/src/modules/apps): names, scopes, addresses and
// events, never a secret.
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const listOf = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []);

const scopesText = (v: unknown, t: Translate) =>
  listOf(v)
    .map((s) => {
      const scope = API_SCOPES.find((x) => x === s);
      return scope ? t(scopeKey(scope)) : s;
    })
    .join(', ');
const eventsText = (v: unknown, t: Translate) =>
  listOf(v)
    .map((e) => {
      const event = WEBHOOK_EVENTS.find((x) => x === e);
      return event ? t(eventKey(event)) : e;
    })
    .join(', ');

/** The lines of an API application's or a webhook's change, or undefined for any other action. */
export function appsLines(entry: AuditEntry, t: Translate): string[] | undefined {
  const d = entry.detail;
  switch (entry.action) {
    case 'apiApp.create':
    case 'apiApp.edit':
      return [
        ...(str(d.formerName) ? [t('audit:detail.renamedFrom', { from: str(d.formerName) ?? '' })] : []),
        t('audit:detail.scopes', { list: scopesText(d.scopes, t) || '—' }),
        ...(typeof d.webhooksNarrowed === 'number' && d.webhooksNarrowed > 0
          ? [t('audit:detail.webhooksNarrowed', { count: d.webhooksNarrowed })]
          : []),
      ];
    case 'apiApp.rotateSecret':
      return [
        t('audit:detail.secretOverlap', { count: typeof d.overlapHours === 'number' ? d.overlapHours : 0 }),
      ];
    case 'apiApp.revoke':
    case 'apiApp.review':
    case 'apiApp.remove':
      return [];
    case 'webhook.create':
    case 'webhook.edit':
      return [
        t('audit:detail.url', { url: str(d.url) ?? '—' }),
        t('audit:detail.events', { list: eventsText(d.events, t) || '—' }),
        ...(d.active === false ? [t('audit:detail.webhookOff')] : []),
      ];
    case 'webhook.rotateSecret':
    case 'webhook.remove':
      return [t('audit:detail.url', { url: str(d.url) ?? '—' })];
    case 'webhook.test':
      return [
        t('audit:detail.url', { url: str(d.url) ?? '—' }),
        t('audit:detail.answered', { code: typeof d.statusCode === 'number' ? d.statusCode : '—' }),
      ];
    default:
      return undefined;
  }
}
