import { PHONE_PREFIXES } from '@fleet/contract';
import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Field, fieldProps } from '../../components/Field';
import { LocaleProvider } from '../../i18n/LocaleProvider';
import { isPhoneCountry, type PhoneCountry } from './login-form';

interface Props {
  country: PhoneCountry;
  phone: string;
  error: string | undefined;
  onCountry: (country: PhoneCountry) => void;
  onPhone: (phone: string) => void;
}

/**
 * The phone account: prefix (PEOPLE-PHONE-PREFIXES) and number. Loaded, with antd, when the user picks phone sign-in;
 * the sign-in screen around it has no antd providers, so it brings them.
 */
export default function PhoneField({ country, phone, error, onCountry, onPhone }: Props) {
  const { t } = useTranslation('auth');
  return (
    <LocaleProvider>
      <Field htmlFor="login-phone" label={t('form.phone')} error={error}>
        <Space.Compact block>
          <Select<string>
            data-testid="login-phone-prefix"
            aria-label={t('form.phonePrefix')}
            style={{ width: 120 }}
            popupMatchSelectWidth={false}
            value={country}
            onChange={(value) => isPhoneCountry(value) && onCountry(value)}
            options={PHONE_PREFIXES.map((p) => ({
              value: p.country,
              label: p.value === '-1' ? t('form.otherPrefix') : `${p.country} ${p.value}`,
            }))}
          />
          <Input
            {...fieldProps('login-phone', error)}
            data-testid="login-phone"
            autoComplete="tel-national"
            inputMode="tel"
            value={phone}
            onChange={(e) => onPhone(e.target.value)}
          />
        </Space.Compact>
      </Field>
    </LocaleProvider>
  );
}
