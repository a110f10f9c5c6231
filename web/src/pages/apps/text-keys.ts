import type { ApiScope, WebhookEvent } from '@fleet/contract';

// Scope and event names hold dots, which i18next reads as nesting: their texts are under the name with '_'.
export const scopeKey = (s: ApiScope) => `apps:scopes.${s.replace('.', '_')}`;
export const eventKey = (e: WebhookEvent) => `apps:events.${e.replaceAll('.', '_')}`;
