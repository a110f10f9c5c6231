import { FileTextOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useClientConfigQuery } from '../../api/common/client-config-query';
import { docUrlFor } from '../../i18n/doc-url';
import { useSession } from '../../session/session-store';

/** The usage and service documents; their addresses come from the server's configuration. */
export function DocLinks() {
  const { t } = useTranslation('shell');
  const config = useClientConfigQuery().data;
  const lng = useSession((s) => s.language);
  if (!config) return null;
  return (
    <>
      <Button
        type="text"
        href={docUrlFor(config.usageDocUrl, lng)}
        target="_blank"
        rel="noopener"
        icon={<QuestionCircleOutlined />}
        data-testid="usage-doc-link"
      >
        {t('header.usageDoc')}
      </Button>
      <Button
        type="text"
        href={docUrlFor(config.serviceDocUrl, lng)}
        target="_blank"
        rel="noopener"
        icon={<FileTextOutlined />}
        data-testid="service-doc-link"
      >
        {t('header.serviceDoc')}
      </Button>
    </>
  );
}
