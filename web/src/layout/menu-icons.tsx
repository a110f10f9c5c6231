import Icon, {
  ApartmentOutlined,
  BarChartOutlined,
  IdcardOutlined,
  KeyOutlined,
  MailOutlined,
  RobotOutlined,
  SoundOutlined,
  TabletOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType, SVGProps } from 'react';

/** The side-menu icon set (SHELL-MENU-ICONS). */
export type MenuIconName =
  | 'building'
  | 'robot'
  | 'device'
  | 'lift'
  | 'user'
  | 'role'
  | 'key'
  | 'sound'
  | 'group'
  | 'chart'
  | 'tool'
  | 'mail';

// antd's set has no building or lift: two line drawings in the same 1em, currentColor style.
function BuildingSvg(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      {...props}
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    >
      <path d="M4 21V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v17M16 9h3a1 1 0 0 1 1 1v11M2 21h20" />
      <path d="M8 7h1M11 7h1M8 11h1M11 11h1M8 15h1M11 15h1" />
    </svg>
  );
}

function LiftSvg(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      {...props}
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    >
      <rect x="4" y="2.5" width="16" height="19" rx="1.5" />
      <path d="M12 2.5v19" />
      <path d="M6.5 10 8 7.5 9.5 10zM14.5 14l1.5 2.5 1.5-2.5z" fill="currentColor" />
    </svg>
  );
}

// Named like antd's own icons, which label themselves by their name.
const BuildingOutlined = () => <Icon component={BuildingSvg} aria-label="building" />;
const LiftOutlined = () => <Icon component={LiftSvg} aria-label="lift" />;

const MENU_ICONS: Record<MenuIconName, ComponentType> = {
  building: BuildingOutlined,
  robot: RobotOutlined,
  device: TabletOutlined,
  lift: LiftOutlined,
  user: UserOutlined,
  role: IdcardOutlined,
  key: KeyOutlined,
  sound: SoundOutlined,
  group: ApartmentOutlined,
  chart: BarChartOutlined,
  tool: ToolOutlined,
  mail: MailOutlined,
};

export function MenuIcon({ name }: { name: MenuIconName }) {
  const Component = MENU_ICONS[name];
  return <Component />;
}
