import { API_SCOPES, type ApiApp, type AppCredentials, RATE_LIMIT_MAX } from '@fleet/contract';
import { Checkbox, DatePicker, Form, Input, InputNumber, Radio, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCreateAppMutation, useEditAppMutation } from '../../api/apps/app-mutations';
import { useBuildingOptionsQuery } from '../../api/buildings/building-options-query';
import { useRobotNamesQuery } from '../../api/robots/robot-names-query';
import { FormModal } from '../../components/FormModal';
import { notify } from '../../feedback/notifier';
import { APP_FORM_FIELDS, type AppFormValues, appBodyOf, formValuesOf, NEW_APP } from './app-form.utils';
import { scopeKey } from './text-keys';

interface Props {
  /** Editing this application; creating one when absent. */
  app?: ApiApp;
  onClose: () => void;
  onCreated: (credentials: AppCredentials) => void;
}

/** Create an API application, or change what it may do, which robots it reaches and its limits. */
export default function AppFormModal({ app, onClose, onCreated }: Props) {
  const { t } = useTranslation(['apps', 'common']);
  const [form] = Form.useForm<AppFormValues>();
  const create = useCreateAppMutation();
  const edit = useEditAppMutation();
  const robots = useRobotNamesQuery();
  const buildings = useBuildingOptionsQuery();
  const mode = Form.useWatch('robotsMode', form) ?? (app ? formValuesOf(app).robotsMode : 'all');

  const submit = async (v: AppFormValues): Promise<AppCredentials | undefined> => {
    const body = appBodyOf(v);
    if (app) {
      await edit.mutateAsync({ id: app.id, ...body });
      notify({ level: 'success', text: t('common:success') });
      return undefined;
    }
    return create.mutateAsync(body);
  };

  return (
    <FormModal<AppFormValues, AppCredentials | undefined>
      form={form}
      name="app"
      formTestId="app-form"
      width={620}
      title={app ? t('form.editTitle', { name: app.name }) : t('form.createTitle')}
      okText={app ? t('common:save') : t('form.create')}
      submitTestId="app-form-submit"
      saving={create.isPending || edit.isPending}
      initialValues={app ? formValuesOf(app) : NEW_APP}
      fields={APP_FORM_FIELDS}
      onSubmit={submit}
      onClose={onClose}
      onSaved={(made) => made && onCreated(made)}
    >
      <Form.Item
        name="name"
        label={t('form.name')}
        rules={[{ required: true, whitespace: true, message: t('form.required') }]}
      >
        <Input maxLength={80} placeholder={t('form.namePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="scopes"
        label={t('form.scopes')}
        rules={[{ required: true, type: 'array', min: 1, message: t('form.scopesRequired') }]}
      >
        <Checkbox.Group
          style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', rowGap: 6 }}
          options={API_SCOPES.map((s) => ({ value: s, label: t(scopeKey(s)) }))}
        />
      </Form.Item>
      <Form.Item name="robotsMode" label={t('form.robots')} extra={t('form.robotsHelp')}>
        <Radio.Group
          options={[
            { value: 'all', label: t('form.robotsAll') },
            { value: 'chosen', label: t('form.robotsChosen') },
          ]}
        />
      </Form.Item>
      {mode === 'chosen' && (
        <>
          <Form.Item name="robotIds" label={t('form.robotIds')}>
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              loading={robots.isLoading}
              placeholder={t('form.robotIdsPlaceholder')}
              options={[...(robots.data ?? new Map<string, string>()).entries()].map(([id, name]) => ({
                value: id,
                label: name,
              }))}
              data-testid="app-form-robots"
            />
          </Form.Item>
          <Form.Item name="buildingIds" label={t('form.buildingIds')}>
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              loading={buildings.isLoading}
              placeholder={t('form.buildingIdsPlaceholder')}
              options={(buildings.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
            />
          </Form.Item>
        </>
      )}
      <Form.Item name="ipRanges" label={t('form.ipRanges')} extra={t('form.ipRangesHelp')}>
        <Select mode="tags" tokenSeparators={[',', ' ']} open={false} placeholder="203.0.113.0/24" />
      </Form.Item>
      <Form.Item
        name="rateLimitPerMinute"
        label={t('form.rateLimit')}
        rules={[{ required: true, message: t('form.required') }]}
      >
        <InputNumber
          min={1}
          max={RATE_LIMIT_MAX}
          precision={0}
          suffix={t('form.perMinute')}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item name="expiresAt" label={t('form.expiresAt')} extra={t('form.expiresAtHelp')}>
        <DatePicker
          allowClear
          disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
          placeholder={t('form.never')}
        />
      </Form.Item>
    </FormModal>
  );
}
