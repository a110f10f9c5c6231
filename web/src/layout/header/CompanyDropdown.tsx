import { Dropdown, theme } from 'antd';
import type { ReactElement } from 'react';
import { CompanyOption, CompanyPanel } from './CompanyPanel';
import type { CompanyEntry } from './device-owners.utils';

interface Props {
  companyId: string;
  companies: readonly CompanyEntry[];
  fetching: boolean;
  typed: string;
  onType: (text: string) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (companyId: string) => void;
  onNewSubsidiary: () => void;
  byDevice: boolean | null;
  onByDevice: (byDevice: boolean) => void;
  warning?: string;
  children: ReactElement;
}

/**
 * The company dropdown with its search box and list: loaded, with antd's Dropdown and Input (~50 KB gzip
 * together), when the company button is first reached, not with every signed-in screen (CompanySelect.tsx).
 */
export function CompanyDropdown({
  companyId,
  companies,
  fetching,
  typed,
  onType,
  open,
  onOpenChange,
  onChoose,
  onNewSubsidiary,
  byDevice,
  onByDevice,
  warning,
  children,
}: Props) {
  const { token } = theme.useToken();
  const items = companies.map((c) => ({ key: c.id, label: <CompanyOption company={c} /> }));
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={(next, info) => {
        // Clicks inside the popup (the search box) must not close it.
        if (!next && info.source === 'menu') return;
        onOpenChange(next);
      }}
      menu={{ items, selectable: true, selectedKeys: [companyId], onClick: ({ key }) => onChoose(key) }}
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
          <CompanyPanel
            menu={menu}
            hasItems={items.length > 0}
            fetching={fetching}
            typed={typed}
            onType={onType}
            onNewSubsidiary={onNewSubsidiary}
            byDevice={byDevice}
            onByDevice={onByDevice}
            warning={warning}
          />
        </div>
      )}
    >
      {children}
    </Dropdown>
  );
}
