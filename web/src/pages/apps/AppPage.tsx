import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../access/use-can';
import { Panel } from '../../components/Panel';
import { ScreenTitle } from '../../components/ScreenTitle';
import { ApiAppsTab } from './ApiAppsTab';
import { MobileTab } from './MobileTab';

const TABS = ['mobile', 'api'] as const;
type Tab = (typeof TABS)[number];

/** /app: the console on phones and wall screens for everyone; API applications for owners and administrators. */
export default function AppPage() {
  const { t } = useTranslation('apps');
  const manage = useCan()('apps.manage');
  const [params, setParams] = useSearchParams();
  // APPS-MANAGE: the API tab is not there for those who may not manage applications.
  const tabs: Tab[] = manage.allowed ? [...TABS] : ['mobile'];
  const tab: Tab = tabs.find((key) => key === params.get('tab')) ?? 'mobile';

  return (
    <section aria-labelledby="screen-title" data-testid="screen-app">
      <ScreenTitle />
      <Panel>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'mobile' ? {} : { tab: key }, { replace: true })}
          items={tabs.map((key) => ({
            key,
            label: <span data-testid={`app-tab-${key}`}>{t(`tabs.${key}`)}</span>,
            children: key === 'mobile' ? <MobileTab /> : <ApiAppsTab />,
          }))}
        />
      </Panel>
    </section>
  );
}
