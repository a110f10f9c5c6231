import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SHIFT_WINDOWS_MAX } from '@fleet/contract';
import { Button, Flex, Form, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NEW_WINDOW } from './calendar.utils';
import { WindowRange } from './WindowRange';

/** One weekday of the calendar: whether robots work, and in which windows (up to SHIFT_WINDOWS_MAX). */
export function WeekdayRow({ index, weekday }: { index: number; weekday: number }) {
  const { t } = useTranslation(['analysis', 'errors']);
  const form = Form.useFormInstance();
  const path = ['calendar', 'days', index];
  const works: boolean | undefined = Form.useWatch([...path, 'works'], form);
  const dayName = t(`config.weekdays.long.${weekday}`);

  const switchOn = (on: boolean) => {
    const windows = form.getFieldValue([...path, 'windows']) as unknown[] | undefined;
    if (on && !windows?.length) form.setFieldValue([...path, 'windows'], [{ ...NEW_WINDOW }]);
  };

  return (
    <Flex gap={12} align="start" wrap data-testid={`weekday-${weekday}`} style={{ paddingBlock: 6 }}>
      <Flex gap={8} align="start" style={{ width: 150 }}>
        <Form.Item name={[index, 'works']} valuePropName="checked" style={{ marginBottom: 0 }}>
          <Switch aria-label={t('config.calendar.worksOn', { day: dayName })} onChange={switchOn} />
        </Form.Item>
        <Typography.Text strong={works} style={{ lineHeight: '32px' }}>
          {dayName}
        </Typography.Text>
      </Flex>
      {works ? (
        <Form.List name={[index, 'windows']}>
          {(items, { add, remove }) => (
            <Flex gap={8} wrap align="start" style={{ flex: 1, minWidth: 0 }}>
              {items.map((item, i) => (
                <Flex key={item.key} gap={2} align="start">
                  <Form.Item
                    name={item.name}
                    rules={[{ required: true, message: t('errors:validation.required') }]}
                    style={{ marginBottom: 0 }}
                  >
                    <WindowRange aria-label={t('config.calendar.windowOf', { day: dayName, n: i + 1 })} />
                  </Form.Item>
                  {items.length > 1 && (
                    <Button
                      type="text"
                      size="small"
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={t('config.calendar.removeWindow')}
                      title={t('config.calendar.removeWindow')}
                      onClick={() => remove(item.name)}
                      style={{ marginTop: 4 }}
                    />
                  )}
                </Flex>
              ))}
              {items.length < SHIFT_WINDOWS_MAX && (
                <Button
                  type="dashed"
                  icon={<PlusOutlined aria-hidden />}
                  aria-label={t('config.calendar.addWindowTo', { day: dayName })}
                  onClick={() => add({ ...NEW_WINDOW })}
                >
                  {t('config.calendar.addWindow')}
                </Button>
              )}
            </Flex>
          )}
        </Form.List>
      ) : (
        <Typography.Text type="secondary" style={{ lineHeight: '32px' }}>
          {t('config.calendar.dayOff')}
        </Typography.Text>
      )}
    </Flex>
  );
}
