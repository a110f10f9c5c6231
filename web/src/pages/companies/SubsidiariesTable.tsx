import { EditOutlined, SwapOutlined } from '@ant-design/icons';
import type { PageResult, Subsidiary } from '@fleet/contract';
import { Button, Space, Table, type TableColumnsType, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../components/DateTimeText';
import { dayText } from '../../components/date-text.utils';
import { type PagedSearchState, pagerOf } from '../../components/use-paged-search';
import { switchCompany } from '../../session/session-actions';

interface Props {
  page: PageResult<Subsidiary> | undefined;
  loading: boolean;
  state: PagedSearchState;
  onPage: (page: number, pageSize: number) => void;
  /** Absent for those who may not rename. */
  onRename?: ((s: Subsidiary) => void) | undefined;
  /** The companies the user may enter (the header's list); undefined until known. */
  enterable: ReadonlySet<string> | undefined;
}

export function SubsidiariesTable({ page, loading, state, onPage, onRename, enterable }: Props) {
  const { t } = useTranslation('companies');
  const lng = useLanguage();
  const [switching, setSwitching] = useState<string>();

  function switchTo(s: Subsidiary) {
    setSwitching(s.id);
    // The shell's company switch: a new session in the subsidiary, then a reload.
    switchCompany(s.id).catch(() => setSwitching(undefined));
  }

  const columns: TableColumnsType<Subsidiary> = [
    {
      title: t('columns.name'),
      dataIndex: 'name',
      render: (name: string) => <strong data-testid="subsidiary-name">{name}</strong>,
    },
    { title: t('columns.region'), dataIndex: 'region' },
    { title: t('columns.people'), dataIndex: 'peopleCount', align: 'right' },
    { title: t('columns.created'), key: 'createdAt', render: (_, s) => dayText(s.createdAt, lng) },
    {
      title: t('columns.actions'),
      key: 'actions',
      render: (_, s) => (
        <Space size={4} wrap>
          {onRename && (
            <Button
              size="small"
              type="link"
              icon={<EditOutlined aria-hidden />}
              aria-label={t('actions.renameOf', { name: s.name })}
              data-testid="subsidiary-rename"
              onClick={() => onRename(s)}
            >
              {t('actions.rename')}
            </Button>
          )}
          <Tooltip title={enterable?.has(s.id) === false ? t('actions.notMember') : undefined}>
            <Button
              size="small"
              type="link"
              icon={<SwapOutlined aria-hidden />}
              aria-label={t('actions.switchTo', { name: s.name })}
              data-testid="subsidiary-switch"
              loading={switching === s.id}
              disabled={!enterable?.has(s.id) || (switching !== undefined && switching !== s.id)}
              onClick={() => switchTo(s)}
            >
              {t('actions.switch')}
            </Button>
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <Table<Subsidiary>
      rowKey="id"
      data-testid="subsidiaries-table"
      columns={columns}
      dataSource={page?.list}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={pagerOf(state, page?.totalCnt, (total) => t('total', { total }))}
      onChange={(p) => onPage(p.current ?? 1, p.pageSize ?? state.pageSize)}
    />
  );
}
