import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleWords } from './server-issues.utils';

/**
 * The lift configuration rules the server checks (landings on the maps, floor codes, the vendor's door hold…)
 * in the user's language, from the rule and values the server names; a door side is worded too.
 */
export function useRuleWords(): RuleWords {
  const { t, i18n } = useTranslation('lifts');
  return useCallback(
    (rule, params) => {
      const key = `config.rules.${rule}`;
      if (!i18n.exists(`lifts:${key}`)) return undefined;
      const side = typeof params.side === 'string' ? { side: t(`config.sides.${params.side}`) } : {};
      return t(key, { ...params, ...side });
    },
    [t, i18n],
  );
}
