import { type AnalysisAlert, KPI_IDS } from '@fleet/contract';
import { Alert, Col, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAlertSaveMutation } from '../../../api/analysis/alert-mutations';
import { useAnalysisSettingsQuery } from '../../../api/analysis/settings-query';
import { useMeQuery } from '../../../api/people/me-query';
import { useLanguage } from '../../../components/DateTimeText';
import { FormModal } from '../../../components/FormModal';
import { notify } from '../../../feedback/notifier';
import {
  type AlertFormValues,
  alertFieldOf,
  alertToForm,
  formToAlertBody,
  hasTargetFor,
  newAlertForm,
} from './alert-form.utils';
import { BuildingsField, EnabledField, LanguageField } from './DeliveryFields';
import { RecipientsField } from './RecipientsField';
import { useFormPathErrors } from './use-form-path-errors';

interface Props {
  alert?: AnalysisAlert | undefined;
  onClose: () => void;
}

const NO_FIELDS = {};

/** An alert: which KPI, how many bad days in a row, where, and who is told. */
export function AlertFormModal({ alert, onClose }: Props) {
  const { t } = useTranslation(['analysis', 'errors']);
  const [form] = Form.useForm<AlertFormValues>();
  const save = useAlertSaveMutation();
  const showErrors = useFormPathErrors(form, alertFieldOf);
  const language = useLanguage();
  const me = useMeQuery().data;
  const settings = useAnalysisSettingsQuery();
  const kpi = Form.useWatch('kpi', form);
  const buildingIds: string[] | undefined = Form.useWatch('buildingIds', form);
  const required = { required: true, message: t('errors:validation.required') };
  const noTarget =
    kpi !== undefined &&
    settings.data !== undefined &&
    !hasTargetFor(kpi, buildingIds ?? [], settings.data.versions);

  async function submit(values: AlertFormValues) {
    const saved = await save.mutateAsync(formToAlertBody(values, alert?.id));
    notify({ level: 'success', text: t('config.alerts.saved', { name: saved.name }) });
  }

  return (
    <FormModal<AlertFormValues>
      form={form}
      name="analysis-alert"
      formTestId="alert-form"
      width={640}
      title={alert ? t('config.alerts.editTitle', { name: alert.name }) : t('config.alerts.newTitle')}
      okText={t('config.form.save')}
      cancelText={t('config.actions.cancel')}
      saving={save.isPending}
      submitTestId="alert-form-submit"
      initialValues={alert ? alertToForm(alert) : newAlertForm(language, me?.email)}
      fields={NO_FIELDS}
      onError={showErrors}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{t('config.alerts.hint')}</Typography.Paragraph>
      <Form.Item
        name="name"
        label={t('config.alerts.name')}
        validateFirst
        rules={[
          { ...required, whitespace: true },
          { max: 80, message: t('errors:validation.tooLong', { max: 80 }) },
        ]}
      >
        <Input autoComplete="off" autoFocus placeholder={t('config.alerts.namePlaceholder')} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={16}>
          <Form.Item name="kpi" label={t('config.alerts.kpi')} rules={[required]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={KPI_IDS.map((id) => ({ value: id, label: t(`kpis.${id}.name`) }))}
              data-testid="alert-kpi"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="days" label={t('config.alerts.days')} rules={[required]}>
            <InputNumber<number>
              min={1}
              max={30}
              precision={0}
              suffix={t('config.alerts.daysUnit')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>
      {noTarget && (
        <Alert type="warning" showIcon title={t('config.alerts.noTarget')} style={{ marginBottom: 16 }} />
      )}
      <BuildingsField hint={t('config.alerts.buildingsHint')} />
      <RecipientsField />
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <LanguageField />
        </Col>
        <Col xs={24} sm={12}>
          <EnabledField hint={t('config.alerts.enabledHint')} />
        </Col>
      </Row>
    </FormModal>
  );
}
