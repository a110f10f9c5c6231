import { DownOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceOwnersQuery } from '../../api/companies/device-owners-query';
import { useOnesCompaniesQuery } from '../../api/companies/ones-companies-query';
import { useMeQuery } from '../../api/people/me-query';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { onDemand, useOnDemandPopup } from '../../plain/on-demand';
import { switchCompany } from '../../session/session-actions';
import { companiesOfOwners } from './device-owners.utils';
import { NewSubsidiaryDialog } from './NewSubsidiary';

/** SHELL-COMPANY-SEARCH: the name typed in the dropdown is trimmed and sent 300 ms after typing stops. */
export const COMPANY_SEARCH_DEBOUNCE_MS = 300;

// The dropdown (antd's Dropdown, its search box, list marks and empty state) loads when the button is first
// reached (on-demand.ts).
const companyDropdown = onDemand(() => import('./CompanyDropdown'));

/**
 * The company switcher: a dropdown with its own search box. (antd's Select freezes its option list while
 * focus sits in an input of its popup, so the list is a menu under a plain dropdown.)
 */
export function CompanySelect() {
  const { t } = useTranslation('shell');
  const me = useMeQuery().data;
  const popup = useOnDemandPopup(companyDropdown);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const name = useDebouncedValue(typed.trim(), COMPANY_SEARCH_DEBOUNCE_MS);
  // SHELL-DEVICE-SEARCH: a super admin may type a device's name instead; an empty box lists the companies again.
  const [byDevice, setByDevice] = useState(false);
  const searchingDevices = byDevice && name !== '';
  const companies = useOnesCompaniesQuery(searchingDevices ? '' : name);
  const owners = useDeviceOwnersQuery(name, byDevice && me?.isSuperAdmin === true);
  const [switching, setSwitching] = useState(false);
  const [creating, setCreating] = useState(false);
  if (!me) return null;

  const close = () => {
    setOpen(false);
    setTyped('');
    setByDevice(false);
  };
  function choose(companyId: string) {
    close();
    if (companyId === me?.companyId) return;
    setSwitching(true);
    switchCompany(companyId).catch(() => setSwitching(false));
  }

  const button = (
    <Button
      {...popup.triggerProps}
      type="text"
      data-testid="company-select"
      aria-label={`${t('company.label')}: ${me.companyName}`}
      loading={switching}
      style={{ maxWidth: 220 }}
    >
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{me.companyName}</span>
      <DownOutlined aria-hidden style={{ fontSize: 10 }} />
    </Button>
  );
  const Dropdown = popup.module?.CompanyDropdown;
  return (
    <>
      {Dropdown ? (
        <Dropdown
          companyId={me.companyId}
          companies={searchingDevices ? companiesOfOwners(owners.data?.owners ?? []) : (companies.data ?? [])}
          fetching={searchingDevices ? owners.isFetching : companies.isFetching}
          byDevice={me.isSuperAdmin ? byDevice : null}
          warning={searchingDevices && owners.data?.gatewayFailed ? t('company.gatewayFailed') : undefined}
          onByDevice={(next) => {
            setByDevice(next);
            setTyped('');
          }}
          typed={typed}
          onType={setTyped}
          open={open}
          onOpenChange={(next) => (next ? setOpen(true) : close())}
          onChoose={choose}
          onNewSubsidiary={() => {
            close();
            setCreating(true);
          }}
        >
          {button}
        </Dropdown>
      ) : (
        button
      )}
      {creating && <NewSubsidiaryDialog onClose={() => setCreating(false)} />}
    </>
  );
}
