import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../../access/use-can';
import { Guarded } from '../../../components/Guarded';

interface Props {
  manage: CanAnswer;
  /** The confirmation's question, and what the icon is called (its title and accessible name). */
  title: string;
  label: string;
  description?: ReactNode;
  removing: boolean;
  onConfirm: () => void;
}

/** A row's remove action in the lift tables: a red icon, confirmed, disabled with the reason without the right. */
export function RemoveIconButton({ manage, title, label, description, removing, onConfirm }: Props) {
  const { t } = useTranslation('lifts');
  return (
    <Guarded answer={manage}>
      <Popconfirm
        title={title}
        description={description}
        okText={t('config.remove')}
        cancelText={t('config.cancel')}
        okButtonProps={{ danger: true, loading: removing }}
        disabled={!manage.allowed}
        onConfirm={onConfirm}
      >
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined aria-hidden />}
          disabled={!manage.allowed}
          title={label}
          aria-label={label}
        />
      </Popconfirm>
    </Guarded>
  );
}
