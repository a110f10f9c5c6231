import { DeleteOutlined, EditOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import type { Floor, Lift, LiftBank, LiftGateway } from '@fleet/contract';
import { Button, Card, Flex, Popconfirm, Tag, Typography } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../../access/use-can';
import { useRemoveBankMutation } from '../../../api/lifts/lift-config-mutations';
import { DateTimeText } from '../../../components/DateTimeText';
import { Guarded } from '../../../components/Guarded';
import { notify } from '../../../feedback/notifier';
import { LiftsTable } from './LiftsTable';

interface Props {
  bank: LiftBank;
  gateway: LiftGateway | undefined;
  floors: readonly Floor[];
  manage: CanAnswer;
  onEdit: () => void;
  onHistory: () => void;
  onAddLift: () => void;
  onEditLift: (lift: Lift) => void;
  onTestLift: (lift: Lift) => void;
}

/** One bank: its vendor, gateway and version, its lifts, and what can be done to it. */
export function BankCard(props: Props) {
  const { bank, gateway, floors, manage } = props;
  const { t } = useTranslation('lifts');
  const remove = useRemoveBankMutation();

  async function confirmRemove() {
    try {
      await remove.mutateAsync(bank.id);
      notify({ level: 'success', text: t('config.banks.removed', { name: bank.name }) });
    } catch {
      // the API client has told the user
    }
  }

  const guarded = (key: string, node: ReactElement) => (
    <Guarded key={key} answer={manage}>
      {node}
    </Guarded>
  );

  return (
    <Card
      data-testid="bank-card"
      aria-label={bank.name}
      title={
        <Flex align="center" gap={8} wrap>
          <span>{bank.name}</span>
          <Tag color="blue">{t(`config.vendors.${bank.vendor}`)}</Tag>
        </Flex>
      }
      extra={
        <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
          {t('config.banks.version', { version: bank.version })} · <DateTimeText iso={bank.updatedAt} />
        </Typography.Text>
      }
      actions={[
        guarded(
          'edit',
          <Button
            type="link"
            icon={<EditOutlined aria-hidden />}
            disabled={!manage.allowed}
            onClick={props.onEdit}
          >
            {t('config.banks.edit')}
          </Button>,
        ),
        <Button key="history" type="link" icon={<HistoryOutlined aria-hidden />} onClick={props.onHistory}>
          {t('config.banks.history')}
        </Button>,
        guarded(
          'remove',
          <Popconfirm
            title={t('config.banks.removeTitle', { name: bank.name })}
            description={<div style={{ maxWidth: 320 }}>{t('config.banks.removeText')}</div>}
            okText={t('config.remove')}
            cancelText={t('config.cancel')}
            okButtonProps={{ danger: true, loading: remove.isPending }}
            disabled={!manage.allowed}
            onConfirm={confirmRemove}
          >
            <Button type="link" danger icon={<DeleteOutlined aria-hidden />} disabled={!manage.allowed}>
              {t('config.banks.remove')}
            </Button>
          </Popconfirm>,
        ),
        guarded(
          'add',
          <Button
            type="link"
            icon={<PlusOutlined aria-hidden />}
            disabled={!manage.allowed}
            data-testid="lift-add"
            onClick={props.onAddLift}
          >
            {t('config.lifts.add')}
          </Button>,
        ),
      ]}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {t('config.banks.gatewayOf', { name: gateway?.name ?? '–' })}
      </Typography.Paragraph>
      <LiftsTable
        lifts={bank.lifts}
        floors={floors}
        manage={manage}
        onEdit={props.onEditLift}
        onTest={props.onTestLift}
      />
    </Card>
  );
}
