import { SSO_ENFORCEMENTS, type SsoConfig } from '@fleet/contract';
import { Flex, Form, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Heading, Panel } from '../../components/Panel';
import { BreakGlassSelect } from './BreakGlassSelect';

/**
 * How sign-in is enforced. Offering single sign-on needs a passed connection test, and requiring it needs a
 * break-glass account to fall back on: the choices say why they are closed rather than failing on save.
 */
export function PolicyFields({ config }: { config: SsoConfig | null }) {
  const { t } = useTranslation('sso');
  const tested = config?.testedAt != null;
  return (
    <Panel data-testid="sso-policy">
      <Heading level={2} style={{ marginBottom: 4 }}>
        {t('form.policy')}
      </Heading>
      <Typography.Paragraph type="secondary">
        {tested ? t('form.policyHint') : t('form.policyUntested')}
      </Typography.Paragraph>
      <Form.Item name="enforcement" label={t('form.enforcement')}>
        <Radio.Group data-testid="sso-enforcement" style={{ width: '100%' }}>
          <Flex vertical gap={8}>
            {SSO_ENFORCEMENTS.map((e) => (
              <Radio key={e} value={e} disabled={e !== 'off' && !tested} data-testid={`sso-enforcement-${e}`}>
                <span>{t(`enforcement.${e}`)}</span>
                <Typography.Text type="secondary" style={{ display: 'block' }}>
                  {t(`enforcement.${e}Hint`)}
                </Typography.Text>
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="breakGlassUserIds"
        label={t('form.breakGlass')}
        extra={t('form.breakGlassHint')}
        style={{ marginBottom: 0 }}
      >
        <BreakGlassSelect chosen={config?.breakGlassAccounts ?? []} />
      </Form.Item>
    </Panel>
  );
}
