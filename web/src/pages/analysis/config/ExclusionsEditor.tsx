import { EXCLUDED_MAX } from '@fleet/contract';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCompanyChoices } from './use-company-choices';

/** Robots and buildings left out of every figure (test units, a showroom). */
export function ExclusionsEditor() {
  const { t } = useTranslation('analysis');
  const choices = useCompanyChoices();
  const select = (options: typeof choices.robots, placeholder: string, testId: string) => (
    <Select
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={choices.loading}
      options={options}
      maxCount={EXCLUDED_MAX}
      placeholder={placeholder}
      data-testid={testId}
    />
  );
  return (
    <>
      <Form.Item name={['exclusions', 'robotIds']} label={t('config.exclusions.robots')}>
        {select(choices.robots, t('config.exclusions.noRobots'), 'excluded-robots')}
      </Form.Item>
      <Form.Item
        name={['exclusions', 'buildingIds']}
        label={t('config.exclusions.buildings')}
        extra={t('config.exclusions.hint')}
      >
        {select(choices.buildings, t('config.exclusions.noBuildings'), 'excluded-buildings')}
      </Form.Item>
    </>
  );
}
