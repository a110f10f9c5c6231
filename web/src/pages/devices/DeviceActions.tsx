import {
  AimOutlined,
  BellOutlined,
  DeleteOutlined,
  EditOutlined,
  EnvironmentOutlined,
  KeyOutlined,
  MoreOutlined,
} from '@ant-design/icons';
import { CALLING_TYPES, type MiniDevice } from '@fleet/contract';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { Guarded } from '../../components/Guarded';

export type DeviceAction = 'edit' | 'place' | 'identify' | 'testCall' | 'renew' | 'remove';

interface Props {
  device: MiniDevice;
  manage: CanAnswer;
  onAction: (action: DeviceAction, device: MiniDevice) => void;
}

/** What a manager does with one device, behind one menu so the row stays narrow in every language. */
export function DeviceActions({ device, manage, onAction }: Props) {
  const { t } = useTranslation('devices');
  const calls = CALLING_TYPES.includes(device.type);
  const items: MenuProps['items'] = [
    { key: 'edit', icon: <EditOutlined />, label: t('actions.edit') },
    { key: 'place', icon: <EnvironmentOutlined />, label: t('actions.place') },
    { key: 'identify', icon: <AimOutlined />, label: t('actions.identify'), disabled: !device.live.online },
    ...(calls
      ? [
          {
            key: 'testCall',
            icon: <BellOutlined />,
            label: t('actions.testCall'),
            disabled: !device.point || device.openCall !== null,
          },
        ]
      : []),
    { key: 'renew', icon: <KeyOutlined />, label: t('actions.renew') },
    { type: 'divider' },
    { key: 'remove', icon: <DeleteOutlined />, label: t('actions.remove'), danger: true },
  ];
  return (
    <Guarded answer={manage}>
      <Dropdown
        trigger={['click']}
        disabled={!manage.allowed}
        menu={{ items, onClick: ({ key }) => onAction(key as DeviceAction, device) }}
      >
        <Button
          type="text"
          size="small"
          icon={<MoreOutlined aria-hidden />}
          disabled={!manage.allowed}
          aria-label={t('actions.menuOf', { label: device.label })}
          data-testid="device-actions"
        />
      </Dropdown>
    </Guarded>
  );
}
