import { ThunderboltFilled } from '@ant-design/icons';
import { Flex, Progress, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** Battery level as a small bar and a number, with a bolt while charging. */
export function BatteryText({ level, charging }: { level: number | null; charging: boolean }) {
  const { t } = useTranslation('robots');
  const { token } = theme.useToken();
  if (level === null) return <span>–</span>;
  const colour = level < 20 ? token.colorError : level < 40 ? token.colorWarning : token.colorSuccess;
  return (
    <Flex align="center" gap={6} aria-label={t('battery.label', { level: Math.round(level) })}>
      <Progress percent={level} steps={5} size="small" showInfo={false} strokeColor={colour} aria-hidden />
      <span>{Math.round(level)} %</span>
      {charging && (
        <ThunderboltFilled aria-label={t('battery.charging')} style={{ color: token.colorPrimary }} />
      )}
    </Flex>
  );
}
