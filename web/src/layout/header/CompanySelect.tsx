import { DownOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Dropdown, Empty, Input, Spin, Tag, theme } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnesCompaniesQuery } from '../../api/company/ones-companies-query';
import { useMeQuery } from '../../api/user/me-query';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { switchCompany } from '../../session/session-actions';
import { NewSubsidiaryDialog, NewSubsidiaryEntry } from './NewSubsidiary';

/** Spec §5/§9: the name typed in the dropdown is trimmed and sent 300 ms after typing stops. */
export const COMPANY_SEARCH_DEBOUNCE_MS = 300;

// Spec §2 asks for the Chinese no-data text here whatever the language: antd's own zh_CN wording.
const NO_DATA_TEXT = zhCN.Empty?.description ?? '暂无数据';

/**
 * The company switcher: a dropdown with its own search box. (antd's Select freezes its option list while
 * focus sits in an input of its popup, so the list is a menu under a plain dropdown.)
 */
export function CompanySelect() {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const me = useMeQuery().data;
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const name = useDebouncedValue(typed.trim(), COMPANY_SEARCH_DEBOUNCE_MS);
  const companies = useOnesCompaniesQuery(name);
  const [switching, setSwitching] = useState(false);
  const [creating, setCreating] = useState(false);
  if (!me) return null;

  const list = companies.data ?? [];
  const items = list.map((c) => ({
    key: c.id,
    label: (
      <span data-testid="company-option">
        {c.name}
        {c.isSubsidiary && (
          <Tag color="blue" style={{ marginInlineStart: 8 }} data-testid="subsidiary-tag">
            {t('company.subsidiary')}
          </Tag>
        )}
      </span>
    ),
  }));

  function choose(companyId: string) {
    setOpen(false);
    setTyped('');
    if (companyId === me?.companyId) return;
    setSwitching(true);
    switchCompany(companyId).catch(() => setSwitching(false));
  }

  return (
    <>
      <Dropdown
        trigger={['click']}
        open={open}
        onOpenChange={(next, info) => {
          // Clicks inside the popup (the search box) must not close it.
          if (!next && info.source === 'menu') return;
          setOpen(next);
          if (!next) setTyped('');
        }}
        menu={{ items, selectable: true, selectedKeys: [me.companyId], onClick: ({ key }) => choose(key) }}
        popupRender={(menu) => (
          <div
            data-testid="company-dropdown"
            style={{
              width: 280,
              background: token.colorBgElevated,
              borderRadius: token.borderRadiusLG,
              boxShadow: token.boxShadowSecondary,
            }}
          >
            <div style={{ padding: 8 }}>
              <Input
                data-testid="company-search"
                aria-label={t('company.search')}
                placeholder={t('company.search')}
                prefix={<SearchOutlined aria-hidden />}
                allowClear
                autoFocus
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
              />
            </div>
            {items.length > 0 ? (
              <div style={{ maxHeight: 320, overflowY: 'auto' }}>{menu}</div>
            ) : companies.isFetching ? (
              <Spin size="small" style={{ display: 'block', padding: 16 }} />
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={NO_DATA_TEXT}
                style={{ paddingBottom: 16 }}
              />
            )}
            <NewSubsidiaryEntry
              onOpen={() => {
                setOpen(false);
                setTyped('');
                setCreating(true);
              }}
            />
          </div>
        )}
      >
        <Button
          type="text"
          data-testid="company-select"
          aria-label={`${t('company.label')}: ${me.companyName}`}
          loading={switching}
          style={{ maxWidth: 220 }}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{me.companyName}</span>
          <DownOutlined aria-hidden style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      {creating && <NewSubsidiaryDialog onClose={() => setCreating(false)} />}
    </>
  );
}
