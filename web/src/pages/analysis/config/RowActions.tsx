import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** What the row is called, for the buttons' accessible names. */
  label: string;
  removeTitle: string;
  removeText: ReactNode;
  removing: boolean;
  /** Icons only, each named by a tooltip: for tables with many columns. */
  compact?: boolean;
  onEdit: () => void;
  onRemove: () => void;
  /** Actions before Edit (Send now). */
  children?: ReactNode;
}

/** A row's Edit and a confirmed Delete; shown only to people who may change the analysis. */
export function RowActions(props: Props) {
  const { label, compact = false } = props;
  const { t } = useTranslation('analysis');
  const edit = t('config.actions.edit');
  const remove = t('config.actions.delete');
  return (
    <Space size={0} wrap={!compact}>
      {props.children}
      <Tooltip title={compact ? edit : undefined}>
        <Button
          type="link"
          size="small"
          icon={<EditOutlined aria-hidden />}
          aria-label={t('config.actions.editOf', { name: label })}
          onClick={props.onEdit}
        >
          {compact ? null : edit}
        </Button>
      </Tooltip>
      <Popconfirm
        title={props.removeTitle}
        description={<div style={{ maxWidth: 320 }}>{props.removeText}</div>}
        okText={remove}
        cancelText={t('config.actions.cancel')}
        okButtonProps={{ danger: true, loading: props.removing }}
        onConfirm={props.onRemove}
      >
        <Tooltip title={compact ? remove : undefined}>
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('config.actions.deleteOf', { name: label })}
          >
            {compact ? null : remove}
          </Button>
        </Tooltip>
      </Popconfirm>
    </Space>
  );
}
