import type { AppStatus } from '@fleet/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<AppStatus, string> = { active: 'green', revoked: 'red', expired: 'default' };

export function AppStatusTag({ status }: { status: AppStatus }) {
  const { t } = useTranslation('apps');
  return (
    <Tag color={COLOURS[status]} data-testid="app-status">
      {t(`status.${status}`)}
    </Tag>
  );
}
