import { LogoutOutlined } from '@ant-design/icons';
import type { Me } from '@fleet/contract';
import { fullName } from '@fleet/contract/people-names';
import { Button, Divider, Popover, theme } from 'antd';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logOut } from '../../session/session-actions';
import { SsoRow } from './SsoRow';
import { UnitsSwitch } from './UnitsSwitch';

function phoneOf(me: Me): string | undefined {
  if (!me.phoneNumber) return undefined;
  // "-1" is the "Other" prefix: the number carries its own country code.
  return me.phonePrefix && me.phonePrefix !== '-1' ? `${me.phonePrefix} ${me.phoneNumber}` : me.phoneNumber;
}

interface Props {
  me: Me;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactElement;
}

/**
 * SHELL-USER-CARD: who is signed in, in which company, the units switch and the way out, in a popover under the
 * user's name. Loaded when that button is first reached (UserPopover.tsx).
 */
export function UserCard({ me, open, onOpenChange, children }: Props) {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  const [leaving, setLeaving] = useState(false);

  const rows: [string, string, string][] = [
    ['name', t('user.name'), fullName(me)],
    ['role', t('user.role'), t(`user.roles.${me.role}`)],
    ['email', t('user.email'), me.email],
    ['phone', t('user.phone'), phoneOf(me) ?? t('user.none')],
    ['company', t('user.company'), me.companyName],
  ];

  const content = (
    <div style={{ minWidth: 260 }} data-testid="user-popover">
      <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '6px 16px', margin: 0 }}>
        {rows.map(([key, label, value]) => (
          <div key={key} style={{ display: 'contents' }}>
            <dt style={{ color: token.colorTextSecondary }}>{label}</dt>
            <dd style={{ margin: 0 }} data-testid={`user-${key}`}>
              {value}
            </dd>
          </div>
        ))}
        <div style={{ display: 'contents' }}>
          <dt style={{ color: token.colorTextSecondary }}>{t('user.units')}</dt>
          <dd style={{ margin: 0 }}>
            <UnitsSwitch />
          </dd>
        </div>
        <SsoRow onNavigate={() => onOpenChange(false)} />
      </dl>
      <Divider style={{ marginBlock: 12 }} />
      <Button
        block
        danger
        icon={<LogoutOutlined />}
        loading={leaving}
        data-testid="logout-button"
        onClick={() => {
          setLeaving(true);
          void logOut();
        }}
      >
        {t('user.logout')}
      </Button>
    </div>
  );

  return (
    <Popover
      content={content}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={onOpenChange}
    >
      {children}
    </Popover>
  );
}
