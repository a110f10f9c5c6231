import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export default function AnalysisConfigPage() {
  const { t } = useTranslation('analysis');
  const navigate = useNavigate();
  return (
    <ScreenPlaceholder ns="analysis" section="config">
      <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/analysis')}>
        {t('config.back')}
      </Button>
    </ScreenPlaceholder>
  );
}
