import { DEVICE_TYPES, type DeviceCredentials, type MiniDevice } from '@fleet/contract';
import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  type EditDeviceInput,
  useDeviceEditMutation,
  useDeviceRegisterMutation,
} from '../../api/devices/device-mutations';
import { useRobotNamesQuery } from '../../api/robots/robot-names-query';
import { FormModal } from '../../components/FormModal';
import { notify } from '../../feedback/notifier';

type Values = Omit<EditDeviceInput, 'id'> & { name: string };

interface Props {
  /** Editing this device; registering a new one when absent. */
  device?: MiniDevice;
  onClose: () => void;
  onRegistered: (credentials: DeviceCredentials) => void;
}

const FIELDS = {
  name: 'name',
  label: 'label',
  type: 'type',
  model: 'model',
  allowedRobotIds: 'allowedRobotIds',
  allowedModels: 'allowedModels',
  minBattery: 'minBattery',
  heartbeatS: 'heartbeatS',
} as const;

/** Register a device by its name (serial), or change what it is and who may answer it. */
export default function DeviceFormModal({ device, onClose, onRegistered }: Props) {
  const { t } = useTranslation(['devices', 'common']);
  const [form] = Form.useForm<Values>();
  const register = useDeviceRegisterMutation();
  const edit = useDeviceEditMutation();
  const robots = useRobotNamesQuery();

  const submit = async (v: Values): Promise<DeviceCredentials | undefined> => {
    if (device) {
      await edit.mutateAsync({
        id: device.id,
        label: v.label,
        type: v.type,
        model: v.model ?? '',
        allowedRobotIds: v.allowedRobotIds ?? [],
        allowedModels: v.allowedModels ?? [],
        minBattery: v.minBattery,
        heartbeatS: v.heartbeatS,
      });
      notify({ level: 'success', text: t('common:success') });
      return undefined;
    }
    return (await register.mutateAsync({ name: v.name, label: v.label, type: v.type, model: v.model ?? '' }))
      .credentials;
  };

  const required = [{ required: true, whitespace: true, message: t('form.required') }];
  return (
    <FormModal<Values, DeviceCredentials | undefined>
      form={form}
      formTestId="device-form"
      title={device ? t('form.editTitle', { label: device.label }) : t('form.registerTitle')}
      okText={device ? t('form.save') : t('form.register')}
      saving={register.isPending || edit.isPending}
      initialValues={
        device
          ? { ...device, name: device.name }
          : {
              type: 'callButton',
              model: '',
              minBattery: 20,
              heartbeatS: 60,
              allowedRobotIds: [],
              allowedModels: [],
            }
      }
      fields={FIELDS}
      conflicts={{ name: t('form.nameTaken') }}
      onSubmit={submit}
      onClose={onClose}
      onSaved={(credentials) => credentials && onRegistered(credentials)}
    >
      {!device && (
        <Form.Item
          name="name"
          label={t('form.name')}
          extra={t('form.nameHint')}
          rules={[...required, { pattern: /^[A-Za-z0-9_.-]{1,64}$/, message: t('form.namePattern') }]}
        >
          <Input autoFocus />
        </Form.Item>
      )}
      <Form.Item
        name="label"
        label={t('form.label')}
        extra={t('form.labelHint')}
        rules={[...required, { max: 80 }]}
      >
        <Input autoFocus={!!device} />
      </Form.Item>
      <Form.Item name="type" label={t('form.type')} rules={[{ required: true, message: t('form.required') }]}>
        <Select options={DEVICE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))} />
      </Form.Item>
      <Form.Item name="model" label={t('form.model')} rules={[{ max: 64 }]}>
        <Input />
      </Form.Item>
      {device && (
        <>
          <Form.Item name="allowedRobotIds" label={t('form.allowedRobots')} extra={t('form.allowedHint')}>
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              options={[...(robots.data ?? new Map()).entries()].map(([id, name]) => ({
                value: id,
                label: name,
              }))}
            />
          </Form.Item>
          <Form.Item name="allowedModels" label={t('form.allowedModels')}>
            <Select mode="tags" allowClear tokenSeparators={[',']} />
          </Form.Item>
          <Form.Item name="minBattery" label={t('form.minBattery')} extra={t('form.minBatteryHint')}>
            <InputNumber min={0} max={100} suffix="%" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="heartbeatS" label={t('form.heartbeat')} extra={t('form.heartbeatHint')}>
            <InputNumber min={10} max={3600} suffix={t('form.seconds')} style={{ width: 160 }} />
          </Form.Item>
        </>
      )}
    </FormModal>
  );
}
