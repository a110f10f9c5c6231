import { UserOutlined } from '@ant-design/icons';
import { fullName } from '@fleet/contract/people-names';
import { Button } from 'antd';
import { useState } from 'react';
import { useMeQuery } from '../../api/people/me-query';
import { onDemand, useOnDemandPopup } from '../../plain/on-demand';

// The popover and what it holds (units switch, single sign-on row, log-out) load when the button is first
// reached (on-demand.ts).
const userCard = onDemand(() => import('./UserCard'));

/** The signed-in user's name in the header; it opens the user card (UserCard.tsx). */
export function UserPopover() {
  const me = useMeQuery().data;
  const popup = useOnDemandPopup(userCard);
  const [open, setOpen] = useState(false);
  if (!me) return null;
  const button = (
    <Button {...popup.triggerProps} type="text" icon={<UserOutlined />} data-testid="user-popover-trigger">
      <span style={{ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis' }}>{fullName(me)}</span>
    </Button>
  );
  if (!popup.module) return button;
  const { UserCard } = popup.module;
  return (
    <UserCard me={me} open={open} onOpenChange={setOpen}>
      {button}
    </UserCard>
  );
}
