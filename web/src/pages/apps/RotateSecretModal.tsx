import { type ApiApp, type AppCredentials, SECRET_OVERLAP_HOURS_DEFAULT } from '@fleet/contract';
import { Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRotateAppSecretMutation } from '../../api/apps/app-mutations';
import { FormModal } from '../../components/FormModal';

const OVERLAPS = [0, 1, SECRET_OVERLAP_HOURS_DEFAULT, 72, 168] as const;

/** APPS-CREDENTIALS: a new secret, with the old one working for the overlap chosen so integrations move over. */
export default function RotateSecretModal({
  app,
  onClose,
  onRotated,
}: {
  app: ApiApp;
  onClose: () => void;
  onRotated: (credentials: AppCredentials) => void;
}) {
  const { t } = useTranslation('apps');
  const [form] = Form.useForm<{ overlapHours: number }>();
  const rotate = useRotateAppSecretMutation();
  return (
    <FormModal<{ overlapHours: number }, AppCredentials>
      form={form}
      name="rotate"
      title={t('rotate.title', { name: app.name })}
      okText={t('rotate.ok')}
      submitTestId="rotate-submit"
      saving={rotate.isPending}
      initialValues={{ overlapHours: SECRET_OVERLAP_HOURS_DEFAULT }}
      fields={{ overlapHours: 'overlapHours' }}
      onSubmit={(v) => rotate.mutateAsync({ id: app.id, overlapHours: v.overlapHours })}
      onClose={onClose}
      onSaved={onRotated}
    >
      <Typography.Paragraph>{t('rotate.explain')}</Typography.Paragraph>
      <Form.Item name="overlapHours" label={t('rotate.overlap')}>
        <Select
          options={OVERLAPS.map((h) => ({
            value: h,
            label: h === 0 ? t('rotate.now') : t('rotate.hours', { count: h }),
          }))}
          style={{ width: 260 }}
        />
      </Form.Item>
    </FormModal>
  );
}
