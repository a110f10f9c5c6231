import { Layout } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { FullPageSpin } from '../components/FullPageSpin';
import { AppHeader, HEADER_HEIGHT } from './header/AppHeader';
import { ScreenGuard } from './ScreenGuard';
import { SideMenu } from './SideMenu';

/** Spec §2/§9: a fixed 64 px header over a collapsible menu, 200 px wide or 80 px collapsed. */
export default function MainLayout() {
  useTranslation('layout');
  const [collapsed, setCollapsed] = useState(false);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader />
      <Layout style={{ marginTop: HEADER_HEIGHT }}>
        <Layout.Sider
          data-testid="sider"
          theme="light"
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          width={200}
          collapsedWidth={80}
          style={{
            position: 'sticky',
            top: HEADER_HEIGHT,
            height: `calc(100vh - ${HEADER_HEIGHT}px)`,
            overflow: 'auto',
          }}
        >
          <SideMenu />
        </Layout.Sider>
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          <Suspense fallback={<FullPageSpin />}>
            <ScreenGuard>
              <Outlet />
            </ScreenGuard>
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
