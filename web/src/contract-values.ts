/**
 * The contract's constants that the first page (and the live screens) need, without the zod schemas declared beside them in the
 * contract (see contract-values-plugin.ts). Elsewhere import them from `@fleet/contract` as usual.
 */
export { ERROR_STATUS, LANGUAGES, LIVE_CLOSE, PHONE_PREFIXES, ROBOT_STATUSES } from 'virtual:contract-values';
