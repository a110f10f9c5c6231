import { PHONE_PREFIXES, phoneNumber } from '@fleet/contract';
import { Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../forms/zod-rule';

/** Prefix (PEOPLE-PHONE-PREFIXES, Other = -1) and number, as one labelled form row. */
export function PhoneFields() {
  const { t } = useTranslation('people');
  return (
    <Form.Item label={t('form.phone')} htmlFor="person-form_phoneNumber" extra={t('form.phoneHelp')}>
      <Space.Compact block>
        <Form.Item name="phoneCountry" noStyle>
          <Select<string>
            aria-label={t('form.phonePrefix')}
            data-testid="person-phone-prefix"
            style={{ width: 130 }}
            popupMatchSelectWidth={false}
            options={PHONE_PREFIXES.map((p) => ({
              value: p.country,
              label: p.value === '-1' ? t('form.otherPrefix') : `${p.country} ${p.value}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="phoneNumber" noStyle rules={[zodRule(phoneNumber, t)]}>
          <Input inputMode="tel" autoComplete="off" data-testid="person-phone" />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
