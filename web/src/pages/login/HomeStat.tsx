import { TeamOutlined } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatsQuery } from '../../api/common/stats-query';
import { homeStatFigure } from './login-form';

/** The home statistic of spec §3; hidden when the count cannot be loaded. */
export function HomeStat() {
  const { t, i18n } = useTranslation('login');
  const { token } = theme.useToken();
  const stats = useStatsQuery().data;
  if (!stats) return null;
  const figure = new Intl.NumberFormat(i18n.language === 'zh' ? 'zh-CN' : 'en').format(
    homeStatFigure(stats.activeUsers),
  );
  return (
    <Flex align="center" gap={12} data-testid="home-stat" style={{ color: token.colorTextSecondary }}>
      <TeamOutlined style={{ fontSize: 28 }} aria-hidden />
      <Flex vertical>
        <strong
          style={{ fontSize: 24, lineHeight: 1.2, color: token.colorTextHeading }}
          data-testid="home-stat-value"
        >
          {figure}
        </strong>
        <span>{t('stat.label')}</span>
      </Flex>
    </Flex>
  );
}
