import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '../../session/session-store';
import { useUnitSystem } from '../../units/use-units';

/** Metric or imperial for every measure in the console; the choice is stored as `userUnits`. */
export function UnitsSwitch() {
  const { t } = useTranslation('shell');
  const system = useUnitSystem();
  return (
    <Switch
      data-testid="units-switch"
      aria-label={t('user.units')}
      checked={system === 'imperial'}
      checkedChildren={t('user.imperial')}
      unCheckedChildren={t('user.metric')}
      onChange={(imperial) => sessionStore.getState().set('userUnits', imperial ? 'imperial' : 'metric')}
    />
  );
}
