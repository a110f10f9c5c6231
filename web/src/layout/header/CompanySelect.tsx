import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnesCompaniesQuery } from '../../api/company/ones-companies-query';
import { useMeQuery } from '../../api/user/me-query';
import { Spinner } from '../../components/plain/Spinner';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { switchCompany } from '../../session/session-actions';
import { NewSubsidiaryDialog } from './NewSubsidiary';

/** Spec §5/§9: the name typed in the dropdown is trimmed and sent 300 ms after typing stops. */
export const COMPANY_SEARCH_DEBOUNCE_MS = 300;

type Panel = typeof import('./CompanyPanel');
let panelLoad: Promise<Panel> | undefined;
// The dropdown's inside (search box, list marks, empty state) is not needed until it opens.
const loadPanel = () => {
  // A failed load (network) is tried again on the next opening.
  panelLoad ??= import('./CompanyPanel').catch((err: unknown) => {
    panelLoad = undefined;
    throw err;
  });
  return panelLoad;
};

/**
 * The company switcher: a dropdown with its own search box. (antd's Select freezes its option list while
 * focus sits in an input of its popup, so the list is a menu under a plain dropdown.)
 */
export function CompanySelect() {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const me = useMeQuery().data;
  const [open, setOpen] = useState(false);
  const [panel, setPanel] = useState<Panel>();
  const [typed, setTyped] = useState('');
  const name = useDebouncedValue(typed.trim(), COMPANY_SEARCH_DEBOUNCE_MS);
  const companies = useOnesCompaniesQuery(name);
  const [switching, setSwitching] = useState(false);
  const [creating, setCreating] = useState(false);
  if (!me) return null;

  const prepare = () => {
    if (!panel) loadPanel().then(setPanel, () => undefined);
  };
  const list = panel ? (companies.data ?? []) : [];
  const items = list.map((c) => ({ key: c.id, label: panel && <panel.CompanyOption company={c} /> }));

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
          if (next) prepare();
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
            {panel ? (
              <panel.CompanyPanel
                menu={menu}
                hasItems={items.length > 0}
                fetching={companies.isFetching}
                typed={typed}
                onType={setTyped}
                onNewSubsidiary={() => {
                  setOpen(false);
                  setTyped('');
                  setCreating(true);
                }}
              />
            ) : (
              <div style={{ display: 'grid', placeItems: 'center', padding: 16 }}>
                <Spinner size="small" />
              </div>
            )}
          </div>
        )}
      >
        <Button
          type="text"
          data-testid="company-select"
          aria-label={`${t('company.label')}: ${me.companyName}`}
          loading={switching}
          style={{ maxWidth: 220 }}
          onPointerEnter={prepare}
          onFocus={prepare}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{me.companyName}</span>
          <DownOutlined aria-hidden style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      {creating && <NewSubsidiaryDialog onClose={() => setCreating(false)} />}
    </>
  );
}
