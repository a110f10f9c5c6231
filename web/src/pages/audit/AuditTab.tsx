import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@fleet/contract';
import { fullName } from '@fleet/contract/people-names';
import { Select, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuditSearchQuery } from '../../api/audit/audit-search-query';
import { usePeopleListQuery } from '../../api/people/people-list-query';
import { useRolesQuery } from '../../api/roles/roles-query';
import { DateTimeText } from '../../components/DateTimeText';
import { pagerOf } from '../../components/use-paged-search';
import { type AuditLookups, auditDetailLines, auditTarget } from './audit-detail.utils';
import { type AuditFilter, auditSearchBody, FIRST_AUDIT_PAGE } from './audit-search.utils';

const isAuditAction = (v: unknown): v is AuditAction => AUDIT_ACTIONS.some((a) => a === v);

/** The company's administrative changes, newest first, filtered by person and action. */
export function AuditTab() {
  const { t } = useTranslation(['audit', 'roles', 'common', 'apps']);
  const [filter, setFilter] = useState<AuditFilter>(FIRST_AUDIT_PAGE);
  const audit = useAuditSearchQuery(auditSearchBody(filter), true);
  const people = usePeopleListQuery();
  const roles = useRolesQuery();
  const lookups = useMemo<AuditLookups>(
    () => ({
      people: new Map((people.data ?? []).map((p) => [p.id, fullName(p)])),
      roles: new Map((roles.data ?? []).map((r) => [r.id, r.name])),
    }),
    [people.data, roles.data],
  );

  const columns: TableColumnsType<AuditEntry> = [
    { title: t('audit:columns.time'), key: 'at', render: (_, e) => <DateTimeText iso={e.at} /> },
    {
      title: t('audit:columns.person'),
      key: 'actor',
      render: (_, e) =>
        e.actor ? (
          <span title={e.actor.email}>{e.actor.name || e.actor.email}</span>
        ) : (
          <Typography.Text type="secondary">
            {/*
              No person acted: an API application (APPS-AUDIT), the company's identity provider (a sign-in's sync,
              SCIM), or the console itself.
            */}
            {typeof e.detail.apiApp === 'string'
              ? t('audit:apiApp', { name: e.detail.apiApp })
              : t(e.detail.via === 'scim' || e.detail.via === 'sso' ? 'audit:provider' : 'audit:system')}
          </Typography.Text>
        ),
    },
    {
      title: t('audit:columns.action'),
      key: 'action',
      render: (_, e) => <span data-testid="audit-action">{t(`audit:actions.${e.action}`)}</span>,
    },
    { title: t('audit:columns.target'), key: 'target', render: (_, e) => auditTarget(e, lookups, t) },
    {
      title: t('audit:columns.ip'),
      key: 'ip',
      render: (_, e) => e.ip ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: t('audit:columns.details'),
      key: 'details',
      render: (_, e) => {
        const lines = auditDetailLines(e, lookups, t);
        return lines.length ? (
          <div data-testid="audit-details">
            {lines.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </div>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        );
      },
    },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<string>
          data-testid="audit-person-filter"
          aria-label={t('audit:filters.person')}
          placeholder={t('audit:filters.anyone')}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 260 }}
          loading={people.isPending}
          value={filter.actorId}
          onChange={(actorId) => setFilter((f) => ({ ...f, actorId, page: 1 }))}
          options={(people.data ?? []).map((p) => ({ value: p.id, label: `${fullName(p)} <${p.email}>` }))}
        />
        <Select<string>
          data-testid="audit-action-filter"
          aria-label={t('audit:filters.action')}
          placeholder={t('audit:filters.anyAction')}
          allowClear
          style={{ width: 260 }}
          value={filter.action}
          onChange={(action) =>
            setFilter((f) => ({ ...f, action: isAuditAction(action) ? action : undefined, page: 1 }))
          }
          options={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit:actions.${a}`) }))}
        />
      </Space>
      <Table<AuditEntry>
        rowKey="id"
        data-testid="audit-table"
        columns={columns}
        dataSource={audit.data?.list}
        loading={audit.isFetching}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowRender: (e) => (
            <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{JSON.stringify(e.detail, null, 2)}</pre>
          ),
          rowExpandable: (e) => Object.keys(e.detail).length > 0,
        }}
        pagination={pagerOf(filter, audit.data?.totalCnt, (total) => t('audit:total', { total }))}
        onChange={(p) =>
          setFilter((f) => ({ ...f, page: p.current ?? 1, pageSize: p.pageSize ?? f.pageSize }))
        }
      />
    </>
  );
}
