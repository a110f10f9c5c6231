import { email, RECIPIENTS_MAX } from '@fleet/contract';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { cleanRecipients } from './report-form.utils';

/** E-mail addresses typed as tags, each checked with the contract's own rule before the server sees them. */
export function RecipientsField() {
  const { t } = useTranslation(['analysis', 'errors']);
  return (
    <Form.Item
      name="recipients"
      required
      label={t('config.delivery.recipients')}
      extra={t('config.delivery.recipientsHint', { max: RECIPIENTS_MAX })}
      rules={[
        {
          validator: async (_: unknown, value: string[] | undefined) => {
            const list = cleanRecipients(value ?? []);
            if (list.length === 0) throw new Error(t('config.delivery.recipientsRequired'));
            if (list.length > RECIPIENTS_MAX)
              throw new Error(t('config.delivery.recipientsTooMany', { max: RECIPIENTS_MAX }));
            const bad = list.find((r) => !email.safeParse(r).success);
            if (bad) throw new Error(t('config.delivery.recipientInvalid', { address: bad }));
          },
        },
      ]}
    >
      <Select
        mode="tags"
        open={false}
        suffixIcon={null}
        tokenSeparators={[',', ';', ' ']}
        placeholder={t('config.delivery.recipientsPlaceholder')}
        data-testid="delivery-recipients"
      />
    </Form.Item>
  );
}
