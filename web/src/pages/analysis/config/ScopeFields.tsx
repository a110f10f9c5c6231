import { SETTING_SCOPES, type SettingKind } from '@fleet/contract';
import { Col, Form, Radio, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DayInput } from './DayInput';
import { useCompanyChoices } from './use-company-choices';

/** Where a version applies (the scopes its kind allows) and the first day it counts for. */
export function ScopeFields({ kind }: { kind: SettingKind }) {
  const { t } = useTranslation(['analysis', 'errors']);
  const choices = useCompanyChoices();
  const scopes = SETTING_SCOPES[kind];
  const form = Form.useFormInstance();
  const scopeKind = Form.useWatch('scopeKind', form);
  const required = { required: true, message: t('errors:validation.required') };
  const targets = scopeKind === 'robot' ? choices.robots : choices.buildings;

  return (
    <Row gutter={16}>
      <Col xs={24} md={14}>
        <Form.Item name="scopeKind" label={t('config.form.scope')} rules={[required]}>
          {scopes.length > 1 ? (
            <Radio.Group
              optionType="button"
              onChange={() => form.setFieldValue('scopeId', undefined)}
              options={scopes.map((s) => ({ value: s, label: t(`config.scope.${s}`) }))}
            />
          ) : (
            <CompanyOnly />
          )}
        </Form.Item>
        {scopeKind !== undefined && scopeKind !== 'company' && (
          <Form.Item
            name="scopeId"
            label={t(`config.form.${scopeKind}`)}
            rules={[{ ...required, message: t(`config.form.${scopeKind}Required`) }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={choices.loading}
              options={targets}
              placeholder={t(`config.form.${scopeKind}Placeholder`)}
              data-testid="setting-scope-target"
            />
          </Form.Item>
        )}
      </Col>
      <Col xs={24} md={10}>
        <Form.Item
          name="effectiveFrom"
          label={t('config.form.effectiveFrom')}
          extra={t('config.form.effectiveFromHint')}
          rules={[required]}
        >
          <DayInput data-testid="setting-effective-from" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** Downtime rules and exclusions are the company's alone. */
function CompanyOnly(_: { value?: string }) {
  const { t } = useTranslation('analysis');
  return <Typography.Text>{t('config.scope.companyOnly')}</Typography.Text>;
}
