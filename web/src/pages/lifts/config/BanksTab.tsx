import { PlusOutlined } from '@ant-design/icons';
import type { Lift, LiftBank } from '@fleet/contract';
import { Button, Empty, Flex, Spin, theme } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../../access/use-can';
import { useBuildingQuery } from '../../../api/buildings/building-query';
import { useLiftBanksQuery } from '../../../api/lifts/lift-banks-query';
import { useLiftGatewaysQuery } from '../../../api/lifts/lift-gateways-query';
import { Guarded } from '../../../components/Guarded';
import { BankCard } from './BankCard';
import { BankFormModal } from './BankFormModal';
import { HistoryDrawer } from './HistoryDrawer';
import { LiftDrawer } from './LiftDrawer';
import { byLevel } from './lift-form.utils';
import { TestCallModal } from './TestCallModal';

interface Props {
  buildingId: string | undefined;
  noBuildings: boolean;
  manage: CanAnswer;
  onGateways: () => void;
}

type Dialog =
  | { kind: 'bank'; bank?: LiftBank }
  | { kind: 'lift'; bank: LiftBank; lift?: Lift }
  | { kind: 'test'; bank: LiftBank; liftId: string }
  | { kind: 'history'; bank: LiftBank };

/** The chosen building's banks, each a card with its lifts; the dialogs that change them. */
export function BanksTab({ buildingId, noBuildings, manage, onGateways }: Props) {
  const { t } = useTranslation('lifts');
  const { token } = theme.useToken();
  const gateways = useLiftGatewaysQuery();
  const banks = useLiftBanksQuery(buildingId);
  const building = useBuildingQuery(buildingId);
  const [dialog, setDialog] = useState<Dialog>();
  const floors = useMemo(() => byLevel(building.data?.floors ?? []), [building.data]);
  const gatewayList = gateways.data ?? [];
  const names = useMemo(
    () => new Map([...floors, ...(gateways.data ?? [])].map((x) => [x.id, x.name] as const)),
    [floors, gateways.data],
  );
  const bankList = banks.data ?? [];
  // The dialogs follow the saved bank, so a lift added or tested shows at once.
  const current = (bank: LiftBank) => bankList.find((b) => b.id === bank.id) ?? bank;

  const explain = (title: string, description: string, action?: ReactNode) => (
    <Empty
      style={{ paddingBlock: 48 }}
      description={
        <Flex vertical gap={4} align="center">
          <strong style={{ color: token.colorText }}>{title}</strong>
          <span style={{ maxWidth: 520, color: token.colorTextSecondary }}>{description}</span>
        </Flex>
      }
    >
      {action}
    </Empty>
  );

  const addBank = (
    <Guarded answer={manage}>
      <Button
        type="primary"
        icon={<PlusOutlined aria-hidden />}
        disabled={!manage.allowed || gatewayList.length === 0}
        data-testid="bank-add"
        onClick={() => setDialog({ kind: 'bank' })}
      >
        {t('config.banks.add')}
      </Button>
    </Guarded>
  );

  if (gateways.isPending || (buildingId && banks.isPending)) {
    return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  }
  let body: ReactNode;
  if (gatewayList.length === 0 && bankList.length === 0) {
    body = explain(
      t('config.empty.title'),
      t('config.empty.description'),
      <Button type="primary" data-testid="go-gateways" onClick={onGateways}>
        {t('config.banks.toGateways')}
      </Button>,
    );
  } else if (noBuildings || !buildingId) {
    body = explain(t('config.banks.noBuildingTitle'), t('config.banks.noBuilding'));
  } else if (bankList.length === 0) {
    body = explain(
      t('config.banks.emptyTitle', { building: building.data?.name ?? '' }),
      t('config.banks.empty'),
      addBank,
    );
  } else {
    body = (
      <Flex vertical gap={16}>
        <Flex justify="flex-end">{addBank}</Flex>
        {bankList.map((bank) => (
          <BankCard
            key={bank.id}
            bank={bank}
            gateway={gatewayList.find((g) => g.id === bank.gatewayId)}
            floors={floors}
            manage={manage}
            onEdit={() => setDialog({ kind: 'bank', bank })}
            onHistory={() => setDialog({ kind: 'history', bank })}
            onAddLift={() => setDialog({ kind: 'lift', bank })}
            onEditLift={(lift) => setDialog({ kind: 'lift', bank, lift })}
            onTestLift={(lift) => setDialog({ kind: 'test', bank, liftId: lift.id })}
          />
        ))}
      </Flex>
    );
  }

  const close = () => setDialog(undefined);
  const testedLift =
    dialog?.kind === 'test' ? current(dialog.bank).lifts.find((l) => l.id === dialog.liftId) : undefined;
  return (
    <>
      {body}
      {dialog?.kind === 'bank' && buildingId && (
        <BankFormModal buildingId={buildingId} bank={dialog.bank} gateways={gatewayList} onClose={close} />
      )}
      {dialog?.kind === 'lift' && building.data && (
        <LiftDrawer bank={dialog.bank} lift={dialog.lift} floors={floors} onClose={close} />
      )}
      {dialog?.kind === 'test' && testedLift && (
        <TestCallModal
          lift={testedLift}
          timeoutS={current(dialog.bank).policy.callTimeoutS}
          manage={manage}
          onClose={close}
        />
      )}
      {dialog?.kind === 'history' && (
        <HistoryDrawer bank={current(dialog.bank)} names={names} onClose={close} />
      )}
    </>
  );
}
