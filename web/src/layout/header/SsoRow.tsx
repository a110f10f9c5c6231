import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { checkAccess } from '../../access/access';
import { useCan } from '../../access/use-can';
import { useClientConfigQuery } from '../../api/common/client-config-query';
import { useSsoConfigQuery } from '../../api/sso/sso-config-query';

/**
 * SSO-ROW, SSO-CONFIG-ACCESS: only a super admin on a domain with the admin view sees (and loads) the company's single
 * sign-on state (completed once its configuration is active); it leads to editing the configuration or to creating one. The same two checks as the /sso
 * route: the domain's admin view and the `sso.manage` right.
 */
export function SsoRow({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  const can = useCan();
  const adminView = useClientConfigQuery().data?.adminView;
  const allowed = can('sso.manage').allowed && checkAccess('adminView', { adminView }) === 'allow';
  const config = useSsoConfigQuery(allowed);
  if (!allowed || config.isPending || config.isError) return null;
  // Completed only when people can sign in through it: a draft or an untested connection is not done yet.
  const completed = config.data?.status === 'active';
  const exists = config.data !== null;
  return (
    <div style={{ display: 'contents' }}>
      <dt style={{ color: token.colorTextSecondary }}>{t('user.sso')}</dt>
      <dd style={{ margin: 0 }} data-testid="sso-row" data-state={completed ? 'completed' : 'uncompleted'}>
        <Link to={exists ? '/sso?type=edit' : '/sso?type=create'} onClick={onNavigate}>
          <span style={{ color: completed ? token.colorSuccess : token.colorWarningText }}>
            {t(completed ? 'user.ssoCompleted' : 'user.ssoUncompleted')}
          </span>
        </Link>
      </dd>
    </div>
  );
}
