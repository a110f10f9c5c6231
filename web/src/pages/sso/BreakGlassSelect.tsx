import type { SsoConfig } from '@fleet/contract';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePeopleSearchQuery } from '../../api/people/people-search-query';
import { useDebouncedValue } from '../../components/use-debounced-value';

type Account = SsoConfig['breakGlassAccounts'][number];

const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/**
 * One or two of the company's people who may still sign in with a password while single sign-on is required:
 * found by name or e-mail as the user types; the ones already chosen keep their names.
 */
export function BreakGlassSelect({
  value,
  onChange,
  chosen,
  id,
}: {
  value?: string[];
  onChange?: (ids: string[]) => void;
  chosen: Account[];
  id?: string;
}) {
  const { t } = useTranslation('sso');
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed.trim(), 300);
  const found = usePeopleSearchQuery({
    pageIndex: 1,
    pageLength: 20,
    requestData: keyword ? { keyword } : {},
  });
  const options = useMemo(() => {
    const byId = new Map<string, { value: string; label: string }>();
    for (const a of chosen) byId.set(a.id, { value: a.id, label: `${a.name} · ${a.email}` });
    for (const p of found.data?.list ?? [])
      byId.set(p.id, { value: p.id, label: `${nameOf(p)} · ${p.email}` });
    return [...byId.values()];
  }, [chosen, found.data]);

  return (
    <Select
      id={id}
      mode="multiple"
      maxCount={2}
      value={value ?? []}
      onChange={(ids: string[]) => onChange?.(ids)}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={found.isFetching}
      placeholder={t('form.breakGlassPlaceholder')}
      notFoundContent={found.isFetching ? null : t('form.breakGlassNone')}
      data-testid="sso-break-glass"
    />
  );
}
