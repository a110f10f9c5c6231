import type { LiftCommandBody, LiftLiveView } from '@fleet/contract';
import { Alert, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLiftCommandMutation } from '../../../api/lifts/lift-command-mutation';
import { FormModal } from '../../../components/FormModal';
import { notify } from '../../../feedback/notifier';
import { callableFloors } from './lift-card.utils';
import { wasFreeAlready } from './lift-command.utils';

export type LiftCommandKind =
  | 'call'
  | 'doorsOpen'
  | 'doorsHold'
  | 'doorsClose'
  | 'robotModeOn'
  | 'robotModeOff'
  | 'endSession'
  | 'forceRelease'
  | 'outOfService'
  | 'backInService';

interface Values {
  floorCode?: string;
  reason: string;
}

/** The contract's command for what the operator chose. */
export function commandBody(kind: LiftCommandKind, v: Values): LiftCommandBody {
  const reason = v.reason;
  switch (kind) {
    case 'call':
      return { type: 'call', floorCode: v.floorCode ?? '', reason };
    case 'doorsOpen':
      return { type: 'doors', action: 'open', reason };
    case 'doorsHold':
      return { type: 'doors', action: 'hold', reason };
    case 'doorsClose':
      return { type: 'doors', action: 'close', reason };
    case 'robotModeOn':
      return { type: 'robotMode', on: true, reason };
    case 'robotModeOff':
      return { type: 'robotMode', on: false, reason };
    case 'endSession':
      return { type: 'endSession', reason };
    case 'forceRelease':
      return { type: 'forceRelease', reason };
    case 'outOfService':
      return { type: 'outOfService', on: true, reason };
    case 'backInService':
      return { type: 'outOfService', on: false, reason };
  }
}

/** Confirms one command with the operator's reason (kept in the lift log and the audit log). */
export function LiftCommandModal({
  lift,
  kind,
  onClose,
}: {
  lift: LiftLiveView;
  kind: LiftCommandKind;
  onClose: () => void;
}) {
  const { t } = useTranslation(['lifts', 'errors']);
  const [form] = Form.useForm<Values>();
  const command = useLiftCommandMutation();
  const floors = callableFloors(lift);
  return (
    <FormModal<Values>
      form={form}
      name="lift-command"
      title={`${t(`live.actions.${kind}`)} · ${lift.name}`}
      okText={t('live.command.confirm')}
      okDanger={kind === 'forceRelease' || kind === 'outOfService'}
      saving={command.isPending}
      submitTestId="lift-command-ok"
      initialValues={{ floorCode: floors[0], reason: '' }}
      fields={{ floorCode: 'floorCode', reason: 'reason' }}
      onSubmit={async (v) => {
        try {
          await command.mutateAsync({ liftId: lift.id, body: commandBody(kind, v) });
        } catch (error) {
          // Nothing left to release: the dialog closes saying so, rather than staying open on a lift now free.
          if (!wasFreeAlready(kind, error)) throw error;
          notify({ level: 'info', text: t('live.command.alreadyFree', { lift: lift.name }) });
          return;
        }
        notify({ level: 'success', text: t('live.command.sent', { lift: lift.name }) });
      }}
      onClose={onClose}
    >
      {kind === 'forceRelease' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('live.command.forceReleaseWarning')}
        />
      )}
      {kind.startsWith('doors') && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('live.command.doorsHint')} />
      )}
      {kind === 'call' && (
        <Form.Item
          name="floorCode"
          label={t('live.command.floor')}
          rules={[{ required: true, message: t('errors:validation.required') }]}
        >
          <Select options={floors.map((f) => ({ value: f, label: f }))} data-testid="lift-command-floor" />
        </Form.Item>
      )}
      <Form.Item
        name="reason"
        label={t('live.command.reason')}
        rules={[
          { required: true, whitespace: true, message: t('errors:validation.required') },
          { max: 200, message: t('errors:validation.tooLong', { max: 200 }) },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} data-testid="lift-command-reason" autoFocus />
      </Form.Item>
    </FormModal>
  );
}
