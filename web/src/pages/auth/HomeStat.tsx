import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import { useTranslation } from 'react-i18next';
import { useStatsQuery } from '../../api/common/stats-query';
import { SvgIcon } from '../../plain/SvgIcon';
import { homeStatFigure } from './login-form';

/** The home statistic (COMMON-HOME-STAT); hidden when the count cannot be loaded. */
export function HomeStat() {
  const { t, i18n } = useTranslation('auth');
  const stats = useStatsQuery().data;
  if (!stats) return null;
  const figure = new Intl.NumberFormat(i18n.language === 'zh' ? 'zh-CN' : 'en').format(
    homeStatFigure(stats.activeUsers),
  );
  return (
    <div className="fc-home-stat" data-testid="home-stat">
      <span style={{ fontSize: 28, display: 'inline-flex' }}>
        <SvgIcon icon={TeamOutlined} />
      </span>
      <div style={{ display: 'flex', flexDirection: 'column' }}>
        <strong data-testid="home-stat-value">{figure}</strong>
        <span>{t('stat.label')}</span>
      </div>
    </div>
  );
}
