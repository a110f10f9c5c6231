import { LANGUAGES } from '@fleet/contract';
import { Form, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../i18n/language';
import { useCompanyChoices } from './use-company-choices';

/** Which buildings a report or an alert covers; none chosen is every building. */
export function BuildingsField({ hint }: { hint: string }) {
  const { t } = useTranslation('analysis');
  const choices = useCompanyChoices();
  return (
    <Form.Item name="buildingIds" label={t('config.delivery.buildings')} extra={hint}>
      <Select
        mode="multiple"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={choices.loading}
        options={choices.buildings}
        placeholder={t('config.delivery.allBuildings')}
        data-testid="delivery-buildings"
      />
    </Form.Item>
  );
}

/** The language the e-mail is written in: each language named in itself. */
export function LanguageField() {
  const { t } = useTranslation('analysis');
  return (
    <Form.Item name="language" label={t('config.delivery.language')}>
      <Select options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))} />
    </Form.Item>
  );
}

export function EnabledField({ hint }: { hint: string }) {
  const { t } = useTranslation('analysis');
  return (
    <Form.Item name="enabled" label={t('config.delivery.enabled')} extra={hint} valuePropName="checked">
      <Switch />
    </Form.Item>
  );
}
