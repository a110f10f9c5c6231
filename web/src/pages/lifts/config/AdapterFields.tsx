import { Checkbox, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';

const TEXT_FIELDS = [
  { name: 'endpoint', max: 300 },
  { name: 'externalBuildingId', max: 120 },
  { name: 'externalGroupId', max: 120 },
  { name: 'scope', max: 300 },
] as const;

/** The vendor cloud's settings, and its credential: write-only, never shown back. */
export function AdapterFields({ hasCredential }: { hasCredential: boolean }) {
  const { t } = useTranslation(['lifts', 'errors']);
  const removing = Form.useWatch('removeCredential') === true;
  return (
    <Row gutter={16}>
      {TEXT_FIELDS.map((f) => (
        <Col key={f.name} xs={24} md={12}>
          <Form.Item
            name={f.name}
            label={t(`config.bankForm.${f.name}`)}
            rules={[{ max: f.max, message: t('errors:validation.tooLong', { max: f.max }) }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
      ))}
      <Col xs={24} md={12}>
        <Form.Item
          name="credential"
          label={t('config.bankForm.credential')}
          extra={hasCredential ? t('config.bankForm.credentialStored') : t('config.bankForm.credentialHint')}
          rules={[{ max: 2000, message: t('errors:validation.tooLong', { max: 2000 }) }]}
        >
          <Input.Password autoComplete="new-password" disabled={removing} />
        </Form.Item>
      </Col>
      {hasCredential && (
        <Col xs={24} md={12} style={{ display: 'flex', alignItems: 'center' }}>
          <Form.Item name="removeCredential" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox>{t('config.bankForm.removeCredential')}</Checkbox>
          </Form.Item>
        </Col>
      )}
    </Row>
  );
}
