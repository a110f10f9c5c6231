import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SvgIcon } from './SvgIcon';
import './sider.css';

interface Props {
  collapsed: boolean;
  onToggle: () => void;
  /** Where it sticks: below the header. */
  top: number;
  children: ReactNode;
}

/** antd's light Sider in look: 200 px wide or 80 px collapsed, its body scrolling, the trigger at its foot. */
export function Sider({ collapsed, onToggle, top, children }: Props) {
  const { t } = useTranslation('shell');
  return (
    <aside
      data-testid="sider"
      className="fc-sider"
      style={{ top, height: `calc(100vh - ${top}px)`, width: collapsed ? 80 : 200 }}
    >
      <div className="fc-sider-body">{children}</div>
      <button
        type="button"
        className="fc-sider-trigger"
        aria-label={t(collapsed ? 'sider.expand' : 'sider.collapse')}
        aria-expanded={!collapsed}
        onClick={onToggle}
      >
        <SvgIcon icon={collapsed ? RightOutlined : LeftOutlined} label={collapsed ? 'right' : 'left'} />
      </button>
    </aside>
  );
}
