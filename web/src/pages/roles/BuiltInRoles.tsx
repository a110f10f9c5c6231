import { ROLES } from '@fleet/contract';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** What the three built-in roles may do, and how custom roles add to them. */
export function BuiltInRoles() {
  const { t } = useTranslation(['roles', 'common']);
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="built-in-roles"
      title={t('builtIn.title')}
      description={
        <>
          <ul style={{ margin: '4px 0', paddingInlineStart: 20 }}>
            {ROLES.map((r) => (
              <li key={r}>
                <strong>{t(`roles.${r}`, { ns: 'common' })}</strong>: {t(`builtIn.${r}`)}
              </li>
            ))}
          </ul>
          {t('builtIn.custom')}
        </>
      }
    />
  );
}
