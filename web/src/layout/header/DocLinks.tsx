import { FileTextOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useClientConfigQuery } from '../../api/common/client-config-query';

/** The usage and service documents; their addresses come from the server's configuration. */
export function DocLinks() {
  const { t } = useTranslation('layout');
  const config = useClientConfigQuery().data;
  if (!config) return null;
  return (
    <>
      <Button
        type="text"
        href={config.usageDocUrl}
        target="_blank"
        rel="noopener"
        icon={<QuestionCircleOutlined />}
        data-testid="usage-doc-link"
      >
        {t('header.usageDoc')}
      </Button>
      <Button
        type="text"
        href={config.serviceDocUrl}
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
