import { Divider, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ClosedDaysField } from './ClosedDaysField';
import { WeekdayRow } from './WeekdayRow';

/** The shift calendar: a row per weekday, Monday first, and the closed days. */
export function CalendarEditor() {
  const { t } = useTranslation('analysis');
  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('config.calendar.week')}
      </Divider>
      <Form.List name={['calendar', 'days']}>
        {(fields) =>
          fields.map((field, i) => <WeekdayRow key={field.key} index={field.name} weekday={i + 1} />)
        }
      </Form.List>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('config.calendar.windowsHint')}
      </Typography.Paragraph>
      <Form.Item name={['calendar', 'closedDays']} label={t('config.calendar.closedDays')}>
        <ClosedDaysField />
      </Form.Item>
    </>
  );
}
