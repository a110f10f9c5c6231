import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { QUIET_WINDOWS_MAX } from '@fleet/contract';
import { Button, Flex, Form, InputNumber, Slider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBuildingRulesMutation } from '../../api/audio/building-rules-mutation';
import type { AudioBuildingRules } from '../../api/audio/building-rules-query';
import { FormModal } from '../../components/FormModal';
import { notify } from '../../feedback/notifier';
import { ClockInput } from './ClockInput';
import { completeWindows } from './schedule.utils';
import { useAudioFieldErrors } from './use-audio-field-errors';

interface Values {
  quietHours: { from?: string; to?: string }[];
  volumeCap: number;
}

const FIELDS = { quietHours: 'quietHours', volumeCap: 'volumeCap' } as const;

/** A building's quiet hours (nothing plays, every day) and the loudest its robots may play, on its own clock. */
export default function BuildingRulesModal({
  rules,
  onClose,
}: {
  rules: AudioBuildingRules;
  onClose: () => void;
}) {
  const { t } = useTranslation('audio');
  const [form] = Form.useForm<Values>();
  const save = useBuildingRulesMutation();
  const showErrors = useAudioFieldErrors(form, FIELDS);

  async function submit(v: Values) {
    await save.mutateAsync({
      buildingId: rules.buildingId,
      quietHours: completeWindows(v.quietHours ?? []),
      volumeCap: v.volumeCap,
    });
    notify({ level: 'success', text: t('rules.saved', { name: rules.buildingName }) });
  }

  return (
    <FormModal<Values>
      form={form}
      formTestId="audio-rules-form"
      width={560}
      title={t('rules.editTitle', { name: rules.buildingName })}
      okText={t('actions.save')}
      saving={save.isPending}
      initialValues={{ quietHours: rules.quietHours, volumeCap: rules.volumeCap }}
      fields={FIELDS}
      onError={showErrors}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">
        {t('rules.clockNote', { zone: rules.timeZone })}
      </Typography.Paragraph>
      <Form.Item label={t('rules.quietHours')} extra={t('rules.quietHint')}>
        <Form.List name="quietHours">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8}>
              {fields.map((field) => (
                <Flex key={field.key} gap={8} align="center" wrap>
                  <Form.Item
                    name={[field.name, 'from']}
                    noStyle
                    rules={[{ required: true, message: t('schedule.timeRequired') }]}
                  >
                    <ClockInput aria-label={t('schedule.from')} />
                  </Form.Item>
                  <span aria-hidden>–</span>
                  <Form.Item
                    name={[field.name, 'to']}
                    noStyle
                    rules={[{ required: true, message: t('schedule.timeRequired') }]}
                  >
                    <ClockInput aria-label={t('schedule.to')} />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={t('schedule.removeWindow')}
                    title={t('schedule.removeWindow')}
                    onClick={() => remove(field.name)}
                  />
                </Flex>
              ))}
              {fields.length === 0 && (
                <Typography.Text type="secondary">{t('rules.noQuiet')}</Typography.Text>
              )}
              <Button
                icon={<PlusOutlined aria-hidden />}
                disabled={fields.length >= QUIET_WINDOWS_MAX}
                onClick={() => add({ from: '22:00', to: '07:00' })}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('schedule.addWindow')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item label={t('rules.volumeCap')} extra={t('rules.volumeCapHint')}>
        <Flex gap={12} align="center">
          <Form.Item name="volumeCap" noStyle>
            <Slider min={0} max={100} style={{ flex: 1 }} />
          </Form.Item>
          <Form.Item name="volumeCap" noStyle>
            <InputNumber
              min={0}
              max={100}
              suffix="%"
              style={{ width: 100 }}
              aria-label={t('rules.volumeCap')}
            />
          </Form.Item>
        </Flex>
      </Form.Item>
    </FormModal>
  );
}
