import { SSO_ROLES } from '@fleet/contract';
import { Col, Form, Input, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Heading, Panel } from '../../components/Panel';
import { GroupRolesList } from './GroupRolesList';

/** The claims the provider's ID token or userinfo carry the person in, by name. */
const CLAIMS = ['emailClaim', 'nameClaim', 'groupsClaim'] as const;

/**
 * Who the provider's people are here: the e-mail domains it vouches for, the claims that carry e-mail, name and
 * groups, whether an unknown person is created at their first sign-in, and the role their groups give.
 */
export function PeopleFields() {
  const { t } = useTranslation(['sso', 'errors']);
  const jit = Form.useWatch('jit');
  const roles = SSO_ROLES.map((r) => ({ value: r, label: t(`sso:roles.${r}`) }));
  return (
    <Panel data-testid="sso-people">
      <Heading level={2} style={{ marginBottom: 4 }}>
        {t('form.people')}
      </Heading>
      <Typography.Paragraph type="secondary">{t('form.peopleHint')}</Typography.Paragraph>
      <Form.Item
        name="emailDomains"
        label={t('form.emailDomains')}
        extra={t('form.emailDomainsHint')}
        rules={[{ required: true, type: 'array', min: 1, message: t('form.emailDomainsRequired') }]}
      >
        <Select
          mode="tags"
          tokenSeparators={[' ', ',']}
          open={false}
          suffixIcon={null}
          placeholder="acme.com"
          data-testid="sso-domains"
        />
      </Form.Item>
      <Row gutter={16}>
        {CLAIMS.map((claim) => (
          <Col xs={24} md={8} key={claim}>
            <Form.Item
              name={claim}
              label={t(`form.${claim}`)}
              rules={[{ required: true, whitespace: true, message: t('errors:validation.required') }]}
              {...(claim === 'groupsClaim' ? { tooltip: t('form.groupsClaimHint') } : {})}
            >
              <Input />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="jit" label={t('form.jit')} valuePropName="checked" extra={t('form.jitHint')}>
            <Switch data-testid="sso-jit" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="defaultRole" label={t('form.defaultRole')} extra={t('form.defaultRoleHint')}>
            <Select options={roles} disabled={!jit} data-testid="sso-default-role" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('form.groupRoles')} extra={t('form.groupRolesHint')}>
        <GroupRolesList />
      </Form.Item>
      <Form.Item
        name="strictGroups"
        label={t('form.strictGroups')}
        valuePropName="checked"
        extra={t('form.strictGroupsHint')}
        style={{ marginBottom: 0 }}
      >
        <Switch data-testid="sso-strict" />
      </Form.Item>
    </Panel>
  );
}
