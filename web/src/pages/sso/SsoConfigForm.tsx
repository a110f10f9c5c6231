import type { SsoConfig } from '@fleet/contract';
import { Button, Flex, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSsoCreateMutation, useSsoEditMutation } from '../../api/sso/sso-config-mutations';
import { notify } from '../../feedback/notifier';
import { useServerFieldErrors } from '../../forms/use-server-field-errors';
import { PeopleFields } from './PeopleFields';
import { PolicyFields } from './PolicyFields';
import { ProviderFields } from './ProviderFields';
import {
  changesConnection,
  createBodyOf,
  editBodyOf,
  formOf,
  SSO_FORM_FIELDS,
  type SsoFormValues,
} from './sso-form.utils';

/**
 * The configuration's three parts, saved together: how the console reaches the provider, who its people are
 * here, and how sign-in is enforced. A change of connection on an offered configuration asks first: the passed
 * test no longer vouches for it, so single sign-on is switched off until the next test passes.
 */
export function SsoConfigForm({ config }: { config: SsoConfig | null }) {
  const { t } = useTranslation('sso');
  const navigate = useNavigate();
  const [form] = Form.useForm<SsoFormValues>();
  const [modal, confirmations] = Modal.useModal();
  const create = useSsoCreateMutation();
  const edit = useSsoEditMutation();
  const showErrors = useServerFieldErrors(form, SSO_FORM_FIELDS, {
    emailDomains: t('form.domainTaken'),
  });

  async function save(values: SsoFormValues) {
    try {
      if (!config) {
        await create.mutateAsync(createBodyOf(values));
        navigate('/sso?type=edit', { replace: true });
      } else {
        const offered = values.enforcement !== 'off';
        if (offered && changesConnection(config, values)) {
          const go = await modal.confirm({
            title: t('form.connectionChanged'),
            content: t('form.connectionChangedHint'),
            okText: t('form.saveAndSwitchOff'),
          });
          if (!go) return;
          values = { ...values, enforcement: 'off' };
        }
        await edit.mutateAsync(editBodyOf(config.id, values));
      }
      notify({ level: 'success', text: t('form.saved') });
    } catch (error) {
      showErrors(error);
    }
  }

  return (
    <Form<SsoFormValues>
      form={form}
      name="sso"
      layout="vertical"
      requiredMark={false}
      initialValues={formOf(config)}
      onFinish={(v) => void save(v)}
      data-testid="sso-form"
      scrollToFirstError
    >
      {confirmations}
      <Flex vertical gap={16}>
        <ProviderFields config={config} />
        <PeopleFields />
        <PolicyFields config={config} />
        <Flex justify="flex-end">
          <Button
            type="primary"
            htmlType="submit"
            loading={create.isPending || edit.isPending}
            data-testid="sso-save"
          >
            {t(config ? 'form.save' : 'form.create')}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
