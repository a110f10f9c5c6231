import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NEW_TIME_WINDOW } from './bank-form.utils';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The hours robots may use the bank, in the building's time zone; none means at any time. */
export function TimeWindowsField() {
  const { t } = useTranslation(['lifts', 'errors']);
  const time = [
    { required: true, message: t('errors:validation.required') },
    { pattern: HHMM, message: t('config.bankForm.timeFormat') },
  ];
  return (
    <Form.Item label={t('config.bankForm.timeWindows')} extra={t('config.bankForm.timeWindowsHint')}>
      <Form.List name="timeWindows">
        {(items, { add, remove }) => (
          <Flex vertical gap={8}>
            {items.length === 0 && (
              <Typography.Text type="secondary">{t('config.bankForm.anyTime')}</Typography.Text>
            )}
            {items.map((item) => (
              <Flex key={item.key} gap={8} align="start" wrap data-testid="time-window">
                <Form.Item
                  name={[item.name, 'weekdays']}
                  rules={[{ required: true, message: t('config.bankForm.dayRequired') }]}
                  style={{ marginBottom: 0 }}
                >
                  <Checkbox.Group
                    options={WEEKDAYS.map((d) => ({ value: d, label: t(`config.weekdays.${d}`) }))}
                  />
                </Form.Item>
                <Form.Item name={[item.name, 'from']} rules={time} style={{ marginBottom: 0 }}>
                  <Input aria-label={t('config.bankForm.from')} placeholder="08:00" style={{ width: 90 }} />
                </Form.Item>
                <span style={{ lineHeight: '32px' }}>–</span>
                <Form.Item name={[item.name, 'to']} rules={time} style={{ marginBottom: 0 }}>
                  <Input aria-label={t('config.bankForm.to')} placeholder="18:00" style={{ width: 90 }} />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={t('config.bankForm.removeWindow')}
                  onClick={() => remove(item.name)}
                />
              </Flex>
            ))}
            <div>
              <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ ...NEW_TIME_WINDOW })}>
                {t('config.bankForm.addWindow')}
              </Button>
            </div>
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}
