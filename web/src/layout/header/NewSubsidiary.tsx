import { PlusOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../access/use-can';

// The subsidiaries screen's own form, loaded only when someone opens it from the header.
const SubsidiaryNameModal = lazy(() =>
  import('../../pages/companies/SubsidiaryNameModal').then((m) => ({ default: m.SubsidiaryNameModal })),
);

/**
 * The way to a company's first subsidiary. The Subsidiaries entry and screen exist only once the company has
 * one (SHELL-MENU-SUBSIDIARIES), so creating is also offered here, under the company list, to whoever may manage
 * subsidiaries (the right the server asks for the creation).
 */
export function NewSubsidiaryEntry({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  const manage = useCan()('companies.manage');
  if (!manage.allowed) return null;
  return (
    <div style={{ padding: 4, borderTop: `1px solid ${token.colorSplit}` }}>
      <Button
        type="text"
        block
        icon={<PlusOutlined aria-hidden />}
        data-testid="company-new-subsidiary"
        style={{ justifyContent: 'flex-start' }}
        onClick={onOpen}
      >
        {t('company.newSubsidiary')}
      </Button>
    </div>
  );
}

/** The creation form; once created, the Subsidiaries screen shows the list it now has. */
export function NewSubsidiaryDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Suspense fallback={null}>
      <SubsidiaryNameModal onClose={onClose} onCreated={() => navigate('/subsidiaries')} />
    </Suspense>
  );
}
