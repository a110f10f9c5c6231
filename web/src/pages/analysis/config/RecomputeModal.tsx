import { Alert, Button, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecomputeMutation } from '../../../api/analysis/settings-mutations';
import { useLanguage } from '../../../components/DateTimeText';
import { DayInput } from './DayInput';
import { DAY_FORMAT, todayHere } from './day.utils';
import { useDayLabel } from './use-day-label';
import { useFormPathErrors } from './use-form-path-errors';

interface Values {
  from: string;
}

const fromField = (path: readonly string[]) => (path[0] === 'from' ? ['from'] : undefined);

/** Rebuilds every day's figures from a date with the settings in effect on each day, and says how much it queued. */
export function RecomputeModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['analysis', 'errors']);
  const [form] = Form.useForm<Values>();
  const recompute = useRecomputeMutation();
  const showErrors = useFormPathErrors(form, fromField);
  const dayLabel = useDayLabel();
  const lng = useLanguage();
  const [done, setDone] = useState<{ from: string; robotDays: number }>();
  const today = todayHere();

  async function submit({ from }: Values) {
    try {
      setDone(await recompute.mutateAsync(from));
    } catch (error) {
      showErrors(error);
    }
  }

  return (
    <Modal
      open
      title={t('config.recompute.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        done ? (
          <Button type="primary" onClick={onClose}>
            {t('config.recompute.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>{t('config.actions.cancel')}</Button>
            <Button
              type="primary"
              loading={recompute.isPending}
              onClick={() => form.submit()}
              data-testid="recompute-submit"
            >
              {t('config.recompute.start')}
            </Button>
          </>
        )
      }
    >
      <Typography.Paragraph>{t('config.recompute.explain')}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" initialValues={{ from: today }} onFinish={submit}>
        <Form.Item
          name="from"
          label={t('config.recompute.from')}
          extra={t('config.recompute.fromHint')}
          rules={[{ required: true, message: t('errors:validation.required') }]}
        >
          <DayInput data-testid="recompute-from" disabledDate={(d) => d.format(DAY_FORMAT) > today} />
        </Form.Item>
      </Form>
      {done && (
        <Alert
          type="success"
          showIcon
          data-testid="recompute-result"
          title={t('config.recompute.queued', {
            count: done.robotDays,
            formatted: new Intl.NumberFormat(lng === 'zh' ? 'zh-CN' : 'en').format(done.robotDays),
            from: dayLabel(done.from),
          })}
          description={t('config.recompute.queuedHint')}
        />
      )}
    </Modal>
  );
}
