import type { SsoConfig } from '@fleet/contract';
import { Col, Form, Input, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Heading, Panel } from '../../components/Panel';

/** How the console reaches the provider: its issuer (found by discovery), the client, and the scopes asked. */
export function ProviderFields({ config }: { config: SsoConfig | null }) {
  const { t } = useTranslation(['sso', 'errors']);
  const required = { required: true, whitespace: true, message: t('errors:validation.required') };
  return (
    <Panel data-testid="sso-provider">
      <Heading level={2} style={{ marginBottom: 4 }}>
        {t('form.provider')}
      </Heading>
      <Typography.Paragraph type="secondary">{t('form.providerHint')}</Typography.Paragraph>
      <Form.Item name="issuer" label={t('form.issuer')} extra={t('form.issuerHint')} rules={[required]}>
        <Input
          placeholder="https://login.example.com/realms/acme"
          autoComplete="off"
          data-testid="sso-issuer"
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="clientId" label={t('form.clientId')} rules={[required]}>
            <Input autoComplete="off" data-testid="sso-client-id" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="clientSecret"
            label={t('form.clientSecret')}
            extra={config?.hasClientSecret ? t('form.clientSecretKept') : undefined}
            rules={config ? [] : [{ required: true, message: t('errors:validation.required') }]}
          >
            <Input.Password
              autoComplete="new-password"
              placeholder={config?.hasClientSecret ? t('form.clientSecretStored') : undefined}
              data-testid="sso-client-secret"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="scopes" label={t('form.scopes')} extra={t('form.scopesHint')}>
        <Select
          mode="tags"
          tokenSeparators={[' ', ',']}
          open={false}
          suffixIcon={null}
          data-testid="sso-scopes"
        />
      </Form.Item>
    </Panel>
  );
}
