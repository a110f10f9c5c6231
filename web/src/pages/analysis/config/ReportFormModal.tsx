import { type AnalysisReport, EXPORT_FORMATS, REPORT_FREQUENCIES, UNIT_SYSTEM_NAMES } from '@fleet/contract';
import { Col, Form, Input, Radio, Row, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportSaveMutation } from '../../../api/analysis/report-mutations';
import { useMeQuery } from '../../../api/people/me-query';
import { useLanguage } from '../../../components/DateTimeText';
import { FormModal } from '../../../components/FormModal';
import { notify } from '../../../feedback/notifier';
import { useUnitSystem } from '../../../units/use-units';
import { ClockInput } from '../../audio/ClockInput';
import { supportedTimeZones, timeZoneOptions } from '../../buildings/time-zones.utils';
import { BuildingsField, EnabledField, LanguageField } from './DeliveryFields';
import { browserTimeZone } from './day.utils';
import { RecipientsField } from './RecipientsField';
import {
  formToReportBody,
  newReportForm,
  type ReportFormValues,
  reportFieldOf,
  reportToForm,
} from './report-form.utils';
import { useFormPathErrors } from './use-form-path-errors';

interface Props {
  /** Editing this one; a new subscription when absent. */
  report?: AnalysisReport | undefined;
  onClose: () => void;
}

const NO_FIELDS = {};

/** A report subscription: who gets it, how often and when (on a zone's clock), and in what language, units and format. */
export function ReportFormModal({ report, onClose }: Props) {
  const { t } = useTranslation(['analysis', 'errors']);
  const [form] = Form.useForm<ReportFormValues>();
  const save = useReportSaveMutation();
  const showErrors = useFormPathErrors(form, reportFieldOf);
  const language = useLanguage();
  const units = useUnitSystem();
  const me = useMeQuery().data;
  const zones = useMemo(
    () => timeZoneOptions(supportedTimeZones(), report?.timeZone ?? browserTimeZone(), new Date()),
    [report?.timeZone],
  );
  const required = { required: true, message: t('errors:validation.required') };

  async function submit(values: ReportFormValues) {
    const saved = await save.mutateAsync(formToReportBody(values, report?.id));
    notify({ level: 'success', text: t('config.reports.saved', { name: saved.name }) });
  }

  return (
    <FormModal<ReportFormValues>
      form={form}
      name="analysis-report"
      formTestId="report-form"
      width={720}
      title={report ? t('config.reports.editTitle', { name: report.name }) : t('config.reports.newTitle')}
      okText={t('config.form.save')}
      cancelText={t('config.actions.cancel')}
      saving={save.isPending}
      submitTestId="report-form-submit"
      initialValues={
        report
          ? reportToForm(report)
          : newReportForm({ language, units, timeZone: browserTimeZone(), email: me?.email })
      }
      fields={NO_FIELDS}
      onError={showErrors}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('config.reports.name')}
        validateFirst
        rules={[
          { ...required, whitespace: true },
          { max: 80, message: t('errors:validation.tooLong', { max: 80 }) },
        ]}
      >
        <Input autoComplete="off" autoFocus placeholder={t('config.reports.namePlaceholder')} />
      </Form.Item>
      <RecipientsField />
      <Form.Item name="frequency" label={t('config.reports.frequency')}>
        <Radio.Group
          optionType="button"
          options={REPORT_FREQUENCIES.map((f) => ({ value: f, label: t(`config.reports.frequencies.${f}`) }))}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item name="sendAt" label={t('config.reports.sendAt')} rules={[required]}>
            <ClockInput aria-label={t('config.reports.sendAt')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16}>
          <Form.Item name="timeZone" label={t('config.reports.timeZone')} rules={[required]}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={zones} data-testid="report-zone" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <LanguageField />
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="units" label={t('config.reports.units')}>
            <Select
              options={UNIT_SYSTEM_NAMES.map((u) => ({
                value: u,
                label: t(`config.reports.unitNames.${u}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="format" label={t('config.reports.format')}>
            <Radio.Group
              optionType="button"
              options={EXPORT_FORMATS.map((f) => ({ value: f, label: t(`config.reports.formats.${f}`) }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <BuildingsField hint={t('config.reports.buildingsHint')} />
      <EnabledField hint={t('config.reports.enabledHint')} />
    </FormModal>
  );
}
