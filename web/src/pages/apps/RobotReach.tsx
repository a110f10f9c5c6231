import type { ApiApp } from '@fleet/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * APPS-ROBOTS: how many robots the application reaches, in red when none: an integrator's empty robot list is the
 * field's most common complaint, so it is impossible to miss here.
 */
export function RobotReach({ app }: { app: ApiApp }) {
  const { t } = useTranslation('apps');
  if (app.robotCount === 0)
    return (
      <Typography.Text type="danger" data-testid="app-robot-count" data-count={0}>
        {t('robots.none')}
      </Typography.Text>
    );
  return (
    <Typography.Text type="secondary" data-testid="app-robot-count" data-count={app.robotCount}>
      {app.robots.all
        ? t('robots.all', { count: app.robotCount })
        : t('robots.chosen', { count: app.robotCount })}
    </Typography.Text>
  );
}
