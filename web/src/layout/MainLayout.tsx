import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { FullPageSpin } from '../components/FullPageSpin';
import { SvgIcon } from '../components/plain/SvgIcon';
import { AppHeader, HEADER_HEIGHT } from './header/AppHeader';
import { ScreenGuard } from './ScreenGuard';
import { SideMenu } from './SideMenu';
import './main-layout.css';
import './side-menu.css';

/**
 * Spec §2/§9: a fixed 64 px header over a collapsible menu, 200 px wide or 80 px collapsed. Plain elements
 * in antd's Layout look: antd's Layout, Sider and Menu would be part of every screen's first paint.
 */
export default function MainLayout() {
  const { t } = useTranslation('shell');
  const [collapsed, setCollapsed] = useState(false);
  const width = collapsed ? 80 : 200;
  return (
    <div className="fc-main-layout" style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <AppHeader />
      <div style={{ display: 'flex', flex: 'auto', marginTop: HEADER_HEIGHT }}>
        <aside
          data-testid="sider"
          className="fc-sider"
          style={{ top: HEADER_HEIGHT, height: `calc(100vh - ${HEADER_HEIGHT}px)`, width }}
        >
          <div className="fc-sider-body">
            <SideMenu collapsed={collapsed} />
          </div>
          <button
            type="button"
            className="fc-sider-trigger"
            aria-label={t(collapsed ? 'sider.expand' : 'sider.collapse')}
            aria-expanded={!collapsed}
            onClick={() => setCollapsed((c) => !c)}
          >
            <SvgIcon icon={collapsed ? RightOutlined : LeftOutlined} label={collapsed ? 'right' : 'left'} />
          </button>
        </aside>
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
