import { EditOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { Floor, Lift } from '@fleet/contract';
import { Button, Empty, Space, Switch, Table, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../../access/use-can';
import { useRemoveLiftMutation, useSetLiftEnabledMutation } from '../../../api/lifts/lift-config-mutations';
import { DateTimeText } from '../../../components/DateTimeText';
import { Guarded } from '../../../components/Guarded';
import { notify } from '../../../feedback/notifier';
import { needsTestCall } from './lift-status.utils';
import { RemoveIconButton } from './RemoveIconButton';

interface Props {
  lifts: Lift[];
  floors: readonly Floor[];
  manage: CanAnswer;
  onEdit: (lift: Lift) => void;
  onTest: (lift: Lift) => void;
}

/** A bank's lifts: what they serve, whether a test call vouches for them, and their robot service. */
export function LiftsTable({ lifts, floors, manage, onEdit, onTest }: Props) {
  const { t } = useTranslation('lifts');
  const remove = useRemoveLiftMutation();
  const enable = useSetLiftEnabledMutation();
  const floorName = (id: string) => floors.find((f) => f.id === id)?.name ?? '–';

  async function toggle(lift: Lift, enabled: boolean) {
    try {
      await enable.mutateAsync({ id: lift.id, enabled });
      notify({
        level: 'success',
        text: t(enabled ? 'config.lifts.enabledDone' : 'config.lifts.disabledDone', { name: lift.name }),
      });
    } catch {
      // the API client has told the user
    }
  }

  async function confirmRemove(lift: Lift) {
    try {
      await remove.mutateAsync(lift.id);
      notify({ level: 'success', text: t('config.lifts.removed', { name: lift.name }) });
    } catch {
      // the API client has told the user
    }
  }

  return (
    <Table<Lift>
      rowKey="id"
      size="small"
      data-testid="lifts-table"
      dataSource={lifts}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('config.lifts.empty')} />,
      }}
      columns={[
        { key: 'name', title: t('config.lifts.name'), dataIndex: 'name' },
        {
          key: 'gatewayLiftName',
          title: t('config.lifts.gatewayLiftName'),
          render: (_, l) => <Typography.Text code>{l.gatewayLiftName}</Typography.Text>,
        },
        {
          key: 'floors',
          title: t('config.lifts.servedFloors'),
          render: (_, l) => l.servedFloorIds.map(floorName).join(', '),
        },
        {
          key: 'sides',
          title: t('config.lifts.doorSides'),
          render: (_, l) => l.doorSides.map((s) => t(`config.sides.${s}`)).join(', '),
        },
        { key: 'maxRobots', title: t('config.lifts.maxRobots'), dataIndex: 'maxRobots', align: 'right' },
        {
          key: 'test',
          title: t('config.lifts.test'),
          render: (_, l) =>
            needsTestCall(l) ? (
              <Typography.Text type="warning" data-testid="lift-needs-test">
                {t('config.lifts.needsTest')}
              </Typography.Text>
            ) : (
              <span>
                {t('config.lifts.passed')} <DateTimeText iso={l.testPassedAt ?? l.changedAt} />
              </span>
            ),
        },
        {
          key: 'enabled',
          title: t('config.lifts.enabled'),
          render: (_, l) => {
            const blocked = !manage.allowed
              ? manage.reason
              : !l.enabledForRobots && needsTestCall(l)
                ? t('config.lifts.enableNeedsTest')
                : '';
            return (
              <Tooltip title={blocked || undefined}>
                <Switch
                  size="small"
                  checked={l.enabledForRobots}
                  disabled={blocked !== ''}
                  loading={enable.isPending && enable.variables?.id === l.id}
                  aria-label={t('config.lifts.enabledOf', { name: l.name })}
                  onChange={(on) => toggle(l, on)}
                />
              </Tooltip>
            );
          },
        },
        {
          key: 'actions',
          title: t('config.actions'),
          render: (_, l) => (
            <Space size={0}>
              <Guarded answer={manage}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined aria-hidden />}
                  disabled={!manage.allowed}
                  aria-label={t('config.lifts.editOf', { name: l.name })}
                  onClick={() => onEdit(l)}
                >
                  {t('config.edit')}
                </Button>
              </Guarded>
              <Guarded answer={manage}>
                <Button
                  type="link"
                  size="small"
                  icon={<ThunderboltOutlined aria-hidden />}
                  disabled={!manage.allowed}
                  data-testid="lift-test"
                  onClick={() => onTest(l)}
                >
                  {t('config.lifts.testCall')}
                </Button>
              </Guarded>
              <RemoveIconButton
                manage={manage}
                title={t('config.lifts.removeTitle', { name: l.name })}
                label={t('config.lifts.removeOf', { name: l.name })}
                removing={remove.isPending}
                onConfirm={() => confirmRemove(l)}
              />
            </Space>
          ),
        },
      ]}
    />
  );
}
