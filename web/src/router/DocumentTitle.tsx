import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientConfigQuery } from '../api/common/client-config-query';
import { useRouteEntry } from './use-route-entry';

/** "Robots · Fleet Console", with the partner's product name on a partner domain. */
export function DocumentTitle() {
  const entry = useRouteEntry();
  const { t } = useTranslation('common');
  const productName = useClientConfigQuery().data?.productName;
  const screen = entry ? t(entry.titleKey) : undefined;
  useEffect(() => {
    const title = [screen, productName].filter(Boolean).join(' · ');
    if (title) document.title = title;
  }, [screen, productName]);
  return null;
}
