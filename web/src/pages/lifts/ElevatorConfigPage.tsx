import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export default function ElevatorConfigPage() {
  const { t } = useTranslation('lifts');
  const navigate = useNavigate();
  return (
    <ScreenPlaceholder ns="lifts" section="config">
      <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/elevator')}>
        {t('config.back')}
      </Button>
    </ScreenPlaceholder>
  );
}
