import { Flex, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { unitSymbol } from '../../../units/units';
import { useUnitSystem } from '../../../units/use-units';

interface Props {
  /** The landing's row in the form's list. */
  row: number;
  which: 'outside' | 'inside';
  /** For the inputs' accessible names: "Lobby front, outside x". */
  label: string;
  invalid: boolean;
}

/** A waypoint typed as x and y in the user's length unit and a heading in degrees. */
export function WaypointInputs({ row, which, label, invalid }: Props) {
  const { t } = useTranslation(['lifts', 'errors']);
  const symbol = unitSymbol('length', useUnitSystem());
  const status = invalid ? ('error' as const) : undefined;
  const required = [{ required: true, message: t('errors:validation.required') }];
  return (
    <Flex gap={4}>
      {(['x', 'y'] as const).map((axis) => (
        <Form.Item key={axis} name={[row, which, axis]} rules={required} style={{ marginBottom: 0 }}>
          <InputNumber
            size="small"
            step={0.1}
            status={status}
            placeholder={axis}
            suffix={symbol}
            aria-label={t('config.landings.coordinate', { label, axis })}
            style={{ width: 92 }}
          />
        </Form.Item>
      ))}
      <Form.Item name={[row, which, 'heading']} rules={required} style={{ marginBottom: 0 }}>
        <InputNumber
          size="small"
          step={15}
          suffix="°"
          aria-label={t('config.landings.heading', { label })}
          style={{ width: 72 }}
        />
      </Form.Item>
    </Flex>
  );
}
