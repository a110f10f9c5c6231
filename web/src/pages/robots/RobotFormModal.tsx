import type { Building, LiveRobot, RobotCredentials } from '@fleet/contract';
import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRobotEditMutation } from '../../api/robots/robot-edit-mutation';
import { type RegisterRobotInput, useRobotRegisterMutation } from '../../api/robots/robot-register-mutation';
import { FormModal } from '../../components/FormModal';
import { notify } from '../../feedback/notifier';

type Values = RegisterRobotInput;

interface Props {
  /** Editing this robot; registering a new one when absent. */
  robot?: LiveRobot;
  buildings: readonly Building[];
  onClose: () => void;
  onRegistered: (credentials: RobotCredentials) => void;
}

const FIELDS = {
  name: 'name',
  model: 'model',
  manufacturer: 'manufacturer',
  serialNumber: 'serialNumber',
  buildingId: 'buildingId',
  expectedIntervalSeconds: 'expectedIntervalSeconds',
} as const;

export default function RobotFormModal({ robot, buildings, onClose, onRegistered }: Props) {
  const { t } = useTranslation(['robots', 'common']);
  const [form] = Form.useForm<Values>();
  const register = useRobotRegisterMutation();
  const edit = useRobotEditMutation();

  const submit = async (values: Values): Promise<RobotCredentials | undefined> => {
    if (robot) {
      await edit.mutateAsync({
        id: robot.id,
        name: values.name,
        model: values.model,
        buildingId: values.buildingId ?? null,
        expectedIntervalSeconds: values.expectedIntervalSeconds,
      });
      notify({ level: 'success', text: t('common:success') });
      return undefined;
    }
    const answer = await register.mutateAsync({ ...values, buildingId: values.buildingId ?? null });
    return answer.credentials;
  };

  const required = [{ required: true, whitespace: true, message: t('form.required') }];
  return (
    <FormModal<Values, RobotCredentials | undefined>
      form={form}
      formTestId="robot-form"
      title={robot ? t('form.editTitle') : t('form.registerTitle')}
      okText={robot ? t('form.save') : t('form.register')}
      saving={register.isPending || edit.isPending}
      initialValues={
        robot
          ? { name: robot.name, model: robot.model, buildingId: robot.buildingId }
          : { manufacturer: '', serialNumber: '' }
      }
      fields={FIELDS}
      conflicts={{ serialNumber: t('form.serialTaken') }}
      onSubmit={submit}
      onClose={onClose}
      onSaved={(credentials) => credentials && onRegistered(credentials)}
    >
      <Form.Item name="name" label={t('form.name')} rules={[...required, { max: 80 }]}>
        <Input autoFocus />
      </Form.Item>
      {!robot && (
        <>
          <Form.Item
            name="manufacturer"
            label={t('form.manufacturer')}
            rules={required}
            extra={t('form.topicHint')}
          >
            <Input />
          </Form.Item>
          <Form.Item name="serialNumber" label={t('form.serialNumber')} rules={required}>
            <Input />
          </Form.Item>
        </>
      )}
      <Form.Item name="model" label={t('form.model')} rules={[...required, { max: 80 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="buildingId" label={t('form.building')}>
        <Select allowClear options={buildings.map((b) => ({ value: b.id, label: b.name }))} />
      </Form.Item>
      <Form.Item
        name="expectedIntervalSeconds"
        label={t('form.expectedInterval')}
        extra={t('form.expectedIntervalHint')}
      >
        <InputNumber min={1} max={3600} suffix={t('form.seconds')} style={{ width: 160 }} />
      </Form.Item>
    </FormModal>
  );
}
