import type { Lift, TestCallResultDto } from '@fleet/contract';
import { Button, Descriptions, Flex, Modal, Result, Select, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../../access/use-can';
import { useSetLiftEnabledMutation } from '../../../api/lifts/lift-config-mutations';
import { useLiftTestCallMutation } from '../../../api/lifts/lift-test-call-mutation';
import { useLanguage } from '../../../components/DateTimeText';
import { notify } from '../../../feedback/notifier';
import { durationText, floorCodesOf } from './lift-status.utils';

interface Props {
  lift: Lift;
  /** The bank's call timeout: how long the call may take. */
  timeoutS: number;
  manage: CanAnswer;
  onClose: () => void;
}

const REPORTED = ['currentFloor', 'doorState', 'currentMode'] as const;

/** Calls the car to a floor, waits for its doors to open and shows what the lift answered; a pass can enable it. */
export function TestCallModal({ lift, timeoutS, manage, onClose }: Props) {
  const { t } = useTranslation('lifts');
  const lng = useLanguage();
  const codes = floorCodesOf(lift);
  const [floorCode, setFloorCode] = useState(codes[0]);
  const call = useLiftTestCallMutation();
  const enable = useSetLiftEnabledMutation();
  const result: TestCallResultDto | undefined = call.data;

  async function enableLift() {
    try {
      await enable.mutateAsync({ id: lift.id, enabled: true });
      notify({ level: 'success', text: t('config.lifts.enabledDone', { name: lift.name }) });
    } catch {
      // the API client has told the user
    }
  }

  // The floor as the vendor names it; the door state and the mode by the link's enums, in the user's words.
  const reported = (key: (typeof REPORTED)[number]) => {
    const value = result?.report?.[key];
    if (typeof value !== 'string') return '–';
    if (key === 'doorState') return t(`config.doorStates.${value}`, { defaultValue: value });
    if (key === 'currentMode') return t(`config.modes.${value}`, { defaultValue: value });
    return value;
  };

  return (
    <Modal
      open
      width={620}
      title={t('config.test.title', { name: lift.name })}
      onCancel={onClose}
      maskClosable={!call.isPending}
      footer={<Button onClick={onClose}>{t('config.test.close')}</Button>}
      destroyOnHidden
    >
      <Flex vertical gap={16} data-testid="test-call">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('config.test.intro')}
        </Typography.Paragraph>
        <Flex gap={8} align="center" wrap>
          <label htmlFor="test-floor">{t('config.test.floor')}</label>
          <Select
            id="test-floor"
            style={{ width: 140 }}
            value={floorCode}
            disabled={call.isPending}
            onChange={setFloorCode}
            options={codes.map((c) => ({ value: c, label: c }))}
          />
          <Button
            type="primary"
            loading={call.isPending}
            disabled={!floorCode || !manage.allowed}
            data-testid="test-call-start"
            onClick={() => floorCode && call.mutate({ liftId: lift.id, floorCode })}
          >
            {t('config.test.call')}
          </Button>
        </Flex>
        {call.isPending && (
          <Flex gap={12} align="center" role="status">
            <Spin />
            <span>{t('config.test.waiting', { seconds: timeoutS })}</span>
          </Flex>
        )}
        {result && !call.isPending && (
          <>
            <Result
              style={{ padding: 0 }}
              status={result.passed ? 'success' : 'error'}
              title={t(result.passed ? 'config.test.passed' : 'config.test.failed', { floor: result.floor })}
              subTitle={result.reason ?? undefined}
              extra={
                result.passed && !lift.enabledForRobots && manage.allowed ? (
                  <Button
                    type="primary"
                    loading={enable.isPending}
                    onClick={enableLift}
                    data-testid="test-enable"
                  >
                    {t('config.test.enable')}
                  </Button>
                ) : undefined
              }
            />
            <Descriptions size="small" bordered column={2}>
              <Descriptions.Item label={t('config.test.latency')}>
                {durationText(result.latencyMs, lng)}
              </Descriptions.Item>
              <Descriptions.Item label={t('config.test.firstAnswer')}>
                {durationText(result.firstAnswerMs, lng)}
              </Descriptions.Item>
              {REPORTED.map((key) => (
                <Descriptions.Item key={key} label={t(`config.test.${key}`)}>
                  {reported(key)}
                </Descriptions.Item>
              ))}
            </Descriptions>
          </>
        )}
      </Flex>
    </Modal>
  );
}
