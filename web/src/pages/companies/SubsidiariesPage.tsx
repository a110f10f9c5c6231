import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { Subsidiary } from '@fleet/contract';
import { Button, Flex, Input, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../access/use-can';
import { useOnesCompaniesQuery } from '../../api/companies/ones-companies-query';
import { useSubsidiariesQuery } from '../../api/companies/subsidiaries-query';
import { Panel } from '../../components/Panel';
import { ScreenTitle } from '../../components/ScreenTitle';
import { FIRST_SEARCH_PAGE, usePagedSearch } from '../../components/use-paged-search';
import { SubsidiariesTable } from './SubsidiariesTable';
import { SubsidiaryNameModal } from './SubsidiaryNameModal';
import { subsidiarySearchBody } from './subsidiaries.utils';

type Dialog = { kind: 'create' } | { kind: 'rename'; subsidiary: Subsidiary };

export default function SubsidiariesPage() {
  const { t } = useTranslation('companies');
  const can = useCan();
  const search = usePagedSearch(FIRST_SEARCH_PAGE);
  const list = useSubsidiariesQuery(subsidiarySearchBody(search.state));
  const [dialog, setDialog] = useState<Dialog>();
  const manage = can('companies.manage');
  // Staff of the parent may see its subsidiaries but enter only those they belong to.
  const mine = useOnesCompaniesQuery('');
  const enterable = useMemo(() => (mine.data ? new Set(mine.data.map((c) => c.id)) : undefined), [mine.data]);

  return (
    <section aria-labelledby="screen-title" data-testid="screen-subsidiaries">
      <ScreenTitle />
      <Panel>
        <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
          <Input
            data-testid="subsidiaries-search"
            aria-label={t('search')}
            placeholder={t('search')}
            prefix={<SearchOutlined aria-hidden />}
            allowClear
            value={search.typed}
            onChange={(e) => search.setTyped(e.target.value)}
            style={{ width: 280 }}
          />
          {!manage.pending && (
            <Tooltip title={manage.allowed ? undefined : manage.reason}>
              <Button
                type="primary"
                icon={<PlusOutlined aria-hidden />}
                disabled={!manage.allowed}
                data-testid="subsidiary-create"
                onClick={() => setDialog({ kind: 'create' })}
              >
                {t('actions.create')}
              </Button>
            </Tooltip>
          )}
        </Flex>
        <SubsidiariesTable
          page={list.data}
          loading={list.isFetching}
          state={search.state}
          onPage={(page, pageSize) => search.update({ page, pageSize })}
          onRename={manage.allowed ? (subsidiary) => setDialog({ kind: 'rename', subsidiary }) : undefined}
          enterable={enterable}
        />
      </Panel>
      {dialog?.kind === 'create' && <SubsidiaryNameModal onClose={() => setDialog(undefined)} />}
      {dialog?.kind === 'rename' && (
        <SubsidiaryNameModal subsidiary={dialog.subsidiary} onClose={() => setDialog(undefined)} />
      )}
    </section>
  );
}
