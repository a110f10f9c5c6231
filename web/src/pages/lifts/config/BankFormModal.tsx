import { LIFT_VENDORS, type LiftBank, type LiftGateway } from '@fleet/contract';
import { Alert, Col, Divider, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateBankMutation, useEditBankMutation } from '../../../api/lifts/lift-config-mutations';
import { FormModal } from '../../../components/FormModal';
import { notify } from '../../../feedback/notifier';
import { AdapterFields } from './AdapterFields';
import {
  type BankFormValues,
  bankFieldOf,
  bankValuesOf,
  newBankValues,
  toCreateBankBody,
  toEditBankBody,
} from './bank-form.utils';
import { PolicyFields } from './PolicyFields';
import { usePathErrors } from './use-path-errors';

interface Props {
  buildingId: string;
  /** Editing this bank; adding one when absent. */
  bank?: LiftBank | undefined;
  gateways: readonly LiftGateway[];
  onClose: () => void;
}

const NO_FIELDS = {};

/** Add a bank to the building or change one: name, vendor, gateway, adapter settings and the robots' policy. */
export function BankFormModal({ buildingId, bank, gateways, onClose }: Props) {
  const { t } = useTranslation(['lifts', 'errors']);
  const [form] = Form.useForm<BankFormValues>();
  const create = useCreateBankMutation();
  const edit = useEditBankMutation();
  const showErrors = usePathErrors(form, bankFieldOf);
  const gatewayId = Form.useWatch('gatewayId', form);
  const required = { required: true, message: t('errors:validation.required') };
  const gatewayMoved = bank !== undefined && gatewayId !== undefined && gatewayId !== bank.gatewayId;

  async function submit(values: BankFormValues) {
    if (bank) {
      const saved = await edit.mutateAsync(toEditBankBody(bank.id, values));
      notify({ level: 'success', text: t('config.bankForm.saved', { name: saved.name }) });
    } else {
      const created = await create.mutateAsync(toCreateBankBody(buildingId, values));
      notify({ level: 'success', text: t('config.bankForm.created', { name: created.name }) });
    }
  }

  return (
    <FormModal<BankFormValues>
      form={form}
      name="bank-form"
      width={880}
      title={bank ? t('config.bankForm.editTitle', { name: bank.name }) : t('config.bankForm.addTitle')}
      okText={bank ? t('config.save') : t('config.bankForm.add')}
      cancelText={t('config.cancel')}
      saving={create.isPending || edit.isPending}
      submitTestId="bank-form-submit"
      requiredMark="optional"
      initialValues={bank ? bankValuesOf(bank) : newBankValues(gateways[0]?.id)}
      fields={NO_FIELDS}
      onError={showErrors}
      onSubmit={submit}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={10}>
          <Form.Item
            name="name"
            label={t('config.bankForm.name')}
            validateFirst
            rules={[
              { ...required, whitespace: true },
              { max: 80, message: t('errors:validation.tooLong', { max: 80 }) },
            ]}
          >
            <Input autoComplete="off" autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} md={7}>
          <Form.Item name="vendor" label={t('config.bankForm.vendor')} rules={[required]}>
            <VendorSelect />
          </Form.Item>
        </Col>
        <Col xs={24} md={7}>
          <Form.Item name="gatewayId" label={t('config.bankForm.gateway')} rules={[required]}>
            <Select
              data-testid="bank-form-gateway"
              options={gateways.map((g) => ({ value: g.id, label: g.name }))}
            />
          </Form.Item>
        </Col>
      </Row>
      {gatewayMoved && (
        <Alert
          type="warning"
          showIcon
          title={t('config.bankForm.gatewayMoved')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Divider titlePlacement="start" plain>
        {t('config.bankForm.adapter')}
      </Divider>
      <AdapterFields hasCredential={bank?.hasAdapterCredential === true} />
      <Divider titlePlacement="start" plain>
        {t('config.bankForm.policy')}
      </Divider>
      <PolicyFields />
    </FormModal>
  );
}

function VendorSelect(props: { value?: string; onChange?: (v: string) => void; id?: string }) {
  const { t } = useTranslation('lifts');
  return (
    <Select
      {...props}
      data-testid="bank-form-vendor"
      options={LIFT_VENDORS.map((v) => ({ value: v, label: t(`config.vendors.${v}`) }))}
    />
  );
}
