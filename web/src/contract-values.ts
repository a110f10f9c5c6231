/**
 * The contract's constants that the first page needs, without the zod schemas declared beside them in the
 * contract (see contract-values-plugin.ts). Elsewhere import them from `@fleet/contract` as usual.
 */
export { ERROR_STATUS, LANGUAGES, PHONE_PREFIXES } from 'virtual:contract-values';
