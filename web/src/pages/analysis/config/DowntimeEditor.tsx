import { ERROR_CODES_MAX } from '@fleet/contract';
import { Form, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

// The contract's robotErrorCode.
const CODE_LENGTH_MAX = 64;

/** Which robot errors cost scheduled time, and whether being offline does. */
export function DowntimeEditor() {
  const { t } = useTranslation('analysis');
  const errors = Form.useWatch(['downtime', 'errors']);
  return (
    <>
      <Form.Item name={['downtime', 'errors']} label={t('config.downtime.errors')}>
        <Radio.Group
          options={[
            { value: 'all', label: t('config.downtime.all') },
            { value: 'listed', label: t('config.downtime.listed') },
          ]}
        />
      </Form.Item>
      {errors === 'listed' && (
        <Form.Item
          name={['downtime', 'codes']}
          label={t('config.downtime.codes')}
          extra={t('config.downtime.codesHint', { max: ERROR_CODES_MAX })}
          rules={[
            {
              validator: async (_: unknown, codes: string[] | undefined) => {
                const list = codes ?? [];
                if (list.length > ERROR_CODES_MAX)
                  throw new Error(t('config.downtime.tooManyCodes', { max: ERROR_CODES_MAX }));
                const long = list.find((c) => c.trim().length > CODE_LENGTH_MAX);
                if (long)
                  throw new Error(t('config.downtime.codeTooLong', { code: long, max: CODE_LENGTH_MAX }));
              },
            },
          ]}
        >
          <Select
            mode="tags"
            open={false}
            tokenSeparators={[',', ' ']}
            placeholder={t('config.downtime.codesPlaceholder')}
            suffixIcon={null}
            data-testid="downtime-codes"
          />
        </Form.Item>
      )}
      <Form.Item
        name={['downtime', 'offline']}
        label={t('config.downtime.offline')}
        extra={t('config.downtime.offlineHint')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
    </>
  );
}
