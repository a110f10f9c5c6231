import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../access/use-can';
import { Panel } from '../../components/Panel';
import { ScreenTitle } from '../../components/ScreenTitle';
import { AuditTab } from '../audit/AuditTab';
import { BuiltInRoles } from './BuiltInRoles';
import { RolesTab } from './RolesTab';

export default function RolePage() {
  const { t } = useTranslation('roles');
  const can = useCan();
  const [params, setParams] = useSearchParams();
  // Owners and administrators read the audit log (and anyone a custom role lets); staff never see the tab.
  const auditAllowed = can('audit.read').allowed;
  const active = auditAllowed && params.get('tab') === 'audit' ? 'audit' : 'roles';

  return (
    <section aria-labelledby="screen-title" data-testid="screen-role">
      <ScreenTitle />
      <BuiltInRoles />
      <Panel style={{ paddingTop: 8 }}>
        <Tabs
          activeKey={active}
          onChange={(key) => setParams(key === 'audit' ? { tab: 'audit' } : {}, { replace: true })}
          destroyOnHidden
          items={[
            { key: 'roles', label: t('tabs.roles'), children: <RolesTab /> },
            ...(auditAllowed ? [{ key: 'audit', label: t('tabs.audit'), children: <AuditTab /> }] : []),
          ]}
        />
      </Panel>
    </section>
  );
}
