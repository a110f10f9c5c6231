import ThunderboltFilled from '@ant-design/icons-svg/es/asn/ThunderboltFilled';
import { useTranslation } from 'react-i18next';
import { StepsBar } from '../../plain/StepsBar';
import { SvgIcon } from '../../plain/SvgIcon';

/** Battery level as a small bar and a number, with a bolt while charging. */
export function BatteryText({ level, charging }: { level: number | null; charging: boolean }) {
  const { t } = useTranslation('robots');
  return <BatteryLevel level={level} charging={charging} chargingLabel={t('battery.charging')} />;
}

/** The same with the bolt's label given: the robot table translates it once for every row. */
export function BatteryLevel({
  level,
  charging,
  chargingLabel,
}: {
  level: number | null;
  charging: boolean;
  chargingLabel: string;
}) {
  if (level === null) return <span>–</span>;
  const colour =
    level < 20 ? 'var(--fc-color-error)' : level < 40 ? 'var(--fc-color-warning)' : 'var(--fc-color-success)';
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <StepsBar percent={level} steps={5} colour={colour} />
      <span>{Math.round(level)} %</span>
      {charging && (
        <span style={{ display: 'inline-flex', color: 'var(--fc-color-primary)' }}>
          <SvgIcon icon={ThunderboltFilled} label={chargingLabel} />
        </span>
      )}
    </span>
  );
}
