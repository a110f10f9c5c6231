import { Alert, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSsoConfigQuery } from '../../api/sso/sso-config-query';
import { FullPageSpin } from '../../components/FullPageSpin';
import { ScreenTitle } from '../../components/ScreenTitle';
import { ScimPanel } from './ScimPanel';
import { SsoConfigForm } from './SsoConfigForm';
import { SsoStatusPanel } from './SsoStatusPanel';
import { TestResultAlert } from './TestResultAlert';

/**
 * /sso?type=create or /sso?type=edit (SSO-PAGE-TYPE): the company's OpenID Connect provider. The route already
 * admits only a super admin on a domain with the admin view (SSO-CONFIG-ACCESS). The page shows the stored
 * configuration whatever the type says; without one it is the create form.
 */
export default function SsoPage() {
  const { t } = useTranslation('sso');
  const [params] = useSearchParams();
  const query = useSsoConfigQuery(true);
  const mode = params.get('type')?.toLowerCase() === 'edit' ? 'edit' : 'create';

  if (query.isPending) return <FullPageSpin />;
  if (query.isError) return <Alert type="error" showIcon title={t('loadFailed')} />;
  const config = query.data;

  return (
    <section aria-labelledby="screen-title" data-testid="screen-sso" data-mode={config ? 'edit' : mode}>
      <ScreenTitle />
      <TestResultAlert />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <SsoConfigForm config={config} key={config ? `${config.id}:${config.updatedAt}` : 'new'} />
        </Col>
        <Col xs={24} xl={8}>
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <SsoStatusPanel config={config} />
            </Col>
            {config && (
              <Col span={24}>
                <ScimPanel config={config} />
              </Col>
            )}
          </Row>
        </Col>
      </Row>
    </section>
  );
}
