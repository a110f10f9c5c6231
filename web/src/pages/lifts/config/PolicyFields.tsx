import type { LiftVendor } from '@fleet/contract';
import { Col, Form, InputNumber, Row, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../access/use-can';
import { useLiftRobotChoicesQuery } from '../../../api/lifts/lift-robot-choices-query';
import { doorHoldMax } from './bank-form.utils';
import { TimeWindowsField } from './TimeWindowsField';

const TIMEOUTS = [
  { name: 'callTimeoutS', min: 5, max: 600 },
  { name: 'boardingTimeoutS', min: 5, max: 600 },
  { name: 'rideTimeoutS', min: 5, max: 600 },
  { name: 'sessionTimeoutS', min: 30, max: 3600 },
] as const;

/** Which robots may use the bank, when, how many at once, and how long each step may take. */
export function PolicyFields() {
  const { t } = useTranslation(['lifts', 'errors']);
  // The robot list needs robots.read: without it the ids cannot be chosen here (models still can be typed).
  const robots = useLiftRobotChoicesQuery(useCan()('robots.read').allowed);
  const vendor = Form.useWatch('vendor') as LiftVendor | undefined;
  const holdMax = doorHoldMax(vendor);
  const models = useMemo(
    () => [...new Set((robots.data ?? []).map((r) => r.model))].sort().map((m) => ({ value: m, label: m })),
    [robots.data],
  );
  const required = { required: true, message: t('errors:validation.required') };
  const range = (min: number, max: number) => ({
    type: 'number' as const,
    min,
    max,
    message: t('config.bankForm.range', { min, max }),
  });

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="allowedRobotIds"
            label={t('config.bankForm.allowedRobots')}
            extra={t('config.bankForm.allowedHint')}
          >
            <Select
              mode="multiple"
              allowClear
              loading={robots.isPending}
              placeholder={t('config.bankForm.anyRobot')}
              showSearch={{ optionFilterProp: 'label' }}
              options={(robots.data ?? []).map((r) => ({
                value: r.id,
                label: `${r.name} (${r.serialNumber})`,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="allowedModels" label={t('config.bankForm.allowedModels')}>
            <Select mode="tags" allowClear placeholder={t('config.bankForm.anyModel')} options={models} />
          </Form.Item>
        </Col>
      </Row>
      <TimeWindowsField />
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Form.Item
            name="maxSessions"
            label={t('config.bankForm.maxSessions')}
            rules={[required, range(1, 20)]}
          >
            <InputNumber min={1} max={20} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="doorHoldS"
            label={t('config.bankForm.doorHoldS')}
            extra={t('config.bankForm.doorHoldCap', { max: holdMax })}
            dependencies={['vendor']}
            rules={[required, range(1, holdMax)]}
          >
            <InputNumber min={1} max={holdMax} precision={0} suffix="s" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        {TIMEOUTS.map((f) => (
          <Col key={f.name} xs={12} md={6}>
            <Form.Item
              name={f.name}
              label={t(`config.bankForm.${f.name}`)}
              rules={[required, range(f.min, f.max)]}
            >
              <InputNumber min={f.min} max={f.max} precision={0} suffix="s" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </>
  );
}
