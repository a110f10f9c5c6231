import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { FullPageSpin } from '../components/FullPageSpin';
import { SideMenu } from '../plain/SideMenu';
import { Sider } from '../plain/Sider';
import { AppHeader, HEADER_HEIGHT } from './header/AppHeader';
import { ScreenGuard } from './ScreenGuard';
import './main-layout.css';

/**
 * SHELL-LAYOUT-SIZES: a fixed 64 px header over a collapsible menu, 200 px wide or 80 px collapsed. Plain elements
 * in antd's Layout look: antd's Layout, Sider and Menu would be part of every screen's first paint.
 */
export default function MainLayout() {
  const [collapsed, setCollapsed] = useState(false);
  return (
    <div className="fc-main-layout" style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <AppHeader />
      <div style={{ display: 'flex', flex: 'auto', marginTop: HEADER_HEIGHT }}>
        <Sider collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} top={HEADER_HEIGHT}>
          <SideMenu collapsed={collapsed} />
        </Sider>
        <main style={{ flex: 'auto', padding: 24, minWidth: 0 }}>
          <Suspense fallback={<FullPageSpin />}>
            <ScreenGuard>
              <Outlet />
            </ScreenGuard>
          </Suspense>
        </main>
      </div>
    </div>
  );
}
