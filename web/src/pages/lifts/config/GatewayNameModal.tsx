import type { GatewayCredentials, LiftGateway } from '@fleet/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEditGatewayMutation, useRegisterGatewayMutation } from '../../../api/lifts/lift-config-mutations';
import { FormModal } from '../../../components/FormModal';
import { notify } from '../../../feedback/notifier';

interface Props {
  /** Renaming this gateway; registering a new one when absent. */
  gateway?: LiftGateway | undefined;
  onClose: () => void;
  onRegistered: (credentials: GatewayCredentials) => void;
}

const FIELDS = { name: 'name' } as const;

/** Register a gateway (its credentials follow, once) or rename one. */
export function GatewayNameModal({ gateway, onClose, onRegistered }: Props) {
  const { t } = useTranslation(['lifts', 'errors']);
  const [form] = Form.useForm<{ name: string }>();
  const register = useRegisterGatewayMutation();
  const edit = useEditGatewayMutation();

  async function submit({ name }: { name: string }): Promise<GatewayCredentials | undefined> {
    if (gateway) {
      const saved = await edit.mutateAsync({ id: gateway.id, name: name.trim() });
      notify({ level: 'success', text: t('config.gateways.renamed', { name: saved.name }) });
      return undefined;
    }
    const answer = await register.mutateAsync(name.trim());
    notify({ level: 'success', text: t('config.gateways.registered', { name: answer.gateway.name }) });
    return answer.credentials;
  }

  return (
    <FormModal<{ name: string }, GatewayCredentials | undefined>
      form={form}
      name="gateway-form"
      title={
        gateway
          ? t('config.gateways.renameTitle', { name: gateway.name })
          : t('config.gateways.registerTitle')
      }
      okText={gateway ? t('config.save') : t('config.gateways.register')}
      cancelText={t('config.cancel')}
      saving={register.isPending || edit.isPending}
      submitTestId="gateway-form-submit"
      initialValues={{ name: gateway?.name ?? '' }}
      fields={FIELDS}
      onSubmit={submit}
      onClose={onClose}
      onSaved={(credentials) => credentials && onRegistered(credentials)}
    >
      <Form.Item
        name="name"
        label={t('config.gateways.name')}
        extra={gateway ? undefined : t('config.gateways.nameHint')}
        validateFirst
        rules={[
          { required: true, whitespace: true, message: t('errors:validation.required') },
          { max: 80, message: t('errors:validation.tooLong', { max: 80 }) },
        ]}
      >
        <Input autoComplete="off" autoFocus />
      </Form.Item>
    </FormModal>
  );
}
