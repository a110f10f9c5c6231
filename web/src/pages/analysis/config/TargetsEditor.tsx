import { KPI_IDS, KPI_META, type KpiId } from '@fleet/contract';
import { Col, Form, InputNumber, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type UnitSystem, unitSymbol } from '../../../units/units';
import { useUnitSystem } from '../../../units/use-units';
import { type TargetUnit, targetUnit } from './targets.utils';

/** The unit a target is typed in, in the user's language and units. */
function useUnitText(): (unit: TargetUnit) => string {
  const { t } = useTranslation('analysis');
  const system: UnitSystem = useUnitSystem();
  return (unit) => {
    switch (unit) {
      case 'distance':
      case 'area':
      case 'areaPerHour':
      case 'length':
      case 'speed':
        return unitSymbol(unit, system);
      case 'count':
        return '';
      default:
        return t(`config.targets.units.${unit}`);
    }
  };
}

/** One field per KPI, in the cards' order; empty inherits. "≥" or "≤" says which way the target is judged. */
export function TargetsEditor() {
  const { t } = useTranslation('analysis');
  const unitText = useUnitText();
  const field = (id: KpiId) => {
    const unit = targetUnit(id);
    const suffix = unitText(unit);
    return (
      <Col key={id} xs={24} sm={12} md={8}>
        <Form.Item name={['targets', id]} label={t(`kpis.${id}.name`)} style={{ marginBottom: 12 }}>
          <InputNumber<number>
            min={0}
            max={unit === 'percent' ? 100 : undefined}
            step={unit === 'percent' ? 1 : undefined}
            prefix={KPI_META[id].better === 'higher' ? '≥' : '≤'}
            suffix={suffix || undefined}
            placeholder={t('config.targets.inherit')}
            style={{ width: '100%' }}
            data-testid={`target-${id}`}
          />
        </Form.Item>
      </Col>
    );
  };
  return (
    <>
      <Typography.Paragraph type="secondary">{t('config.targets.hint')}</Typography.Paragraph>
      <Row gutter={16}>{KPI_IDS.map(field)}</Row>
    </>
  );
}
