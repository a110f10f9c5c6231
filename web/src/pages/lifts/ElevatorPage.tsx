import { ToolOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export default function ElevatorPage() {
  const { t } = useTranslation('lifts');
  const navigate = useNavigate();
  return (
    <ScreenPlaceholder ns="lifts" section="lifts">
      <Button icon={<ToolOutlined />} onClick={() => navigate('/elevator/config')}>
        {t('lifts.configure')}
      </Button>
    </ScreenPlaceholder>
  );
}
