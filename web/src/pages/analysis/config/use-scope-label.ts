import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingScope } from './versions.utils';

/** "Company", "Building: Tower A", "Robot: Demo 3"; a building or robot since removed is named as such. */
export function useScopeLabel(nameOf: (id: string) => string | undefined) {
  const { t } = useTranslation('analysis');
  return useCallback(
    (scope: SettingScope) => {
      if (scope.kind === 'company' || !scope.id) return t('config.scope.company');
      const name = nameOf(scope.id) ?? t('config.scope.gone');
      return t(`config.scope.${scope.kind}Named`, { name });
    },
    [t, nameOf],
  );
}
