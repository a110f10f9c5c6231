import { ToolOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export default function AnalysisPage() {
  const { t } = useTranslation('analysis');
  const navigate = useNavigate();
  return (
    <ScreenPlaceholder ns="analysis" section="overview">
      <Button icon={<ToolOutlined />} onClick={() => navigate('/analysis/config')}>
        {t('overview.configure')}
      </Button>
    </ScreenPlaceholder>
  );
}
