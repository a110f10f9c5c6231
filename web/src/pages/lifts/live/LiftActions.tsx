import { DownOutlined } from '@ant-design/icons';
import type { LiftLiveView } from '@fleet/contract';
import { Button, Dropdown, type MenuProps, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../../access/use-can';
import { type LiftCommandKind, LiftCommandModal } from './LiftCommandModal';

interface Props {
  lift: LiftLiveView;
  operate: CanAnswer;
}

/** The operator's commands of a lift, each confirmed with a reason in a dialog. */
export function LiftActions({ lift, operate }: Props) {
  const { t } = useTranslation('lifts');
  const [open, setOpen] = useState<LiftCommandKind | null>(null);
  if (operate.pending) return null;
  const held = lift.holder;
  // A robot's ride or a test call holds the car: only a force release takes it from them.
  const byOther = held !== null && held.purpose !== 'operator';
  const items: MenuProps['items'] = [
    { key: 'call', label: t('live.actions.call'), disabled: byOther },
    { key: 'doorsOpen', label: t('live.actions.doorsOpen'), disabled: byOther },
    { key: 'doorsHold', label: t('live.actions.doorsHold'), disabled: byOther },
    { key: 'doorsClose', label: t('live.actions.doorsClose'), disabled: byOther },
    { type: 'divider' },
    { key: 'robotModeOn', label: t('live.actions.robotModeOn'), disabled: held !== null },
    { key: 'robotModeOff', label: t('live.actions.robotModeOff'), disabled: held?.purpose !== 'operator' },
    { key: 'endSession', label: t('live.actions.endSession'), disabled: held?.purpose !== 'operator' },
    {
      key: 'forceRelease',
      label: t('live.actions.forceRelease'),
      danger: true,
      disabled: !held && !lift.report?.sessionId,
    },
    { type: 'divider' },
    lift.outOfService
      ? { key: 'backInService', label: t('live.actions.backInService') }
      : { key: 'outOfService', label: t('live.actions.outOfService') },
  ];
  const button = (
    <Button size="small" disabled={!operate.allowed} data-testid="lift-actions">
      {t('live.actions.title')} <DownOutlined />
    </Button>
  );
  return (
    <>
      {operate.allowed ? (
        <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => setOpen(key as LiftCommandKind) }}>
          {button}
        </Dropdown>
      ) : (
        <Tooltip title={operate.reason}>
          <span>{button}</span>
        </Tooltip>
      )}
      {open && <LiftCommandModal lift={lift} kind={open} onClose={() => setOpen(null)} />}
    </>
  );
}
