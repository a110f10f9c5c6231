import type { LiftBank, LiftConfigChange } from '@fleet/contract';
import { Drawer, Empty, Spin, Table, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiftBankHistoryQuery } from '../../../api/lifts/lift-bank-history-query';
import { DateTimeText } from '../../../components/DateTimeText';
import { changeTarget, shownValue } from './history.utils';

/** Every version of a bank's configuration and its lifts': when, who, what changed from what to what. */
interface Props {
  bank: LiftBank;
  /** Names of the building's floors and the company's gateways, by id. */
  names: ReadonlyMap<string, string>;
  onClose: () => void;
}

export function HistoryDrawer({ bank, names: idNames, onClose }: Props) {
  const { t } = useTranslation('lifts');
  const history = useLiftBankHistoryQuery(bank.id);
  const names = useMemo(() => new Map(bank.lifts.map((l) => [l.id, l.name])), [bank.lifts]);
  const list = history.data ?? [];

  const target = (c: LiftConfigChange) => {
    const found = changeTarget(c, names, list);
    return found.kind === 'bank' ? (
      <Tag>{t('config.history.bank')}</Tag>
    ) : (
      <Tag color="geekblue">{found.name ?? t('config.history.removedLift')}</Tag>
    );
  };

  return (
    <Drawer
      open
      size={820}
      onClose={onClose}
      destroyOnHidden
      title={t('config.history.title', { name: bank.name })}
    >
      {history.isPending ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <Table<LiftConfigChange>
          rowKey="id"
          size="small"
          data-testid="bank-history"
          dataSource={list}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('config.history.empty')} />,
          }}
          columns={[
            { key: 'at', title: t('config.history.when'), render: (_, c) => <DateTimeText iso={c.at} /> },
            { key: 'who', title: t('config.history.who'), render: (_, c) => c.actor.name },
            { key: 'version', title: t('config.history.version'), dataIndex: 'version', align: 'right' },
            { key: 'target', title: t('config.history.target'), render: (_, c) => target(c) },
            {
              key: 'changes',
              title: t('config.history.changes'),
              render: (_, c) => (
                <ul style={{ margin: 0, paddingInlineStart: 16 }}>
                  {c.changes.map((f) => (
                    <li key={f.field}>
                      <Typography.Text strong>
                        {t(`config.history.fields.${f.field}`, { defaultValue: f.field })}
                      </Typography.Text>
                      {': '}
                      <Typography.Text code style={{ wordBreak: 'break-all' }}>
                        {shownValue(f.from, idNames)}
                      </Typography.Text>
                      {' → '}
                      <Typography.Text code style={{ wordBreak: 'break-all' }}>
                        {shownValue(f.to, idNames)}
                      </Typography.Text>
                    </li>
                  ))}
                </ul>
              ),
            },
          ]}
        />
      )}
    </Drawer>
  );
}
