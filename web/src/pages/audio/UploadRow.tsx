import { CheckCircleFilled, CloseCircleFilled, CloseOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { wordAudioRule } from '../../api/audio/audio-refusals';
import { useLanguage } from '../../components/DateTimeText';
import { bytesText } from './clip-facts.utils';
import { CLIP_NAME_MAX, type UploadItem } from './clip-upload.utils';

interface Props {
  item: UploadItem;
  /** A batch is being sent: names are fixed. */
  busy: boolean;
  onName: (name: string) => void;
  onRemove: () => void;
  onCancel: () => void;
}

/** One file of an upload: its clip name, how far it got, and why it did not arrive. */
export function UploadRow({ item, busy, onName, onRemove, onCancel }: Props) {
  const { t, i18n } = useTranslation('audio');
  const lng = useLanguage();
  const problem = item.problem;
  const problemText = !problem
    ? undefined
    : 'refusal' in problem
      ? (wordAudioRule(i18n, problem.refusal) ?? t('upload.failed'))
      : 'cancelled' in problem
        ? t('upload.cancelled')
        : problem.text;
  const editable = !busy && item.state !== 'done' && item.state !== 'uploading';
  const nameMissing = item.name.trim() === '';

  return (
    <Flex vertical gap={2} data-testid="upload-item" style={{ paddingBlock: 6 }}>
      <Flex gap={8} align="center">
        <Input
          aria-label={t('upload.nameOf', { file: item.file.name })}
          value={item.name}
          maxLength={CLIP_NAME_MAX}
          disabled={!editable}
          status={nameMissing ? 'error' : undefined}
          onChange={(e) => onName(e.target.value)}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Typography.Text
          type="secondary"
          style={{ whiteSpace: 'nowrap', fontSize: 12, minWidth: 56, textAlign: 'end' }}
        >
          {bytesText(item.file.size, lng)}
        </Typography.Text>
        {item.state === 'uploading' ? (
          <Button
            size="small"
            type="text"
            icon={<StopOutlined aria-hidden />}
            aria-label={t('upload.cancelOf', { file: item.file.name })}
            title={t('upload.cancel')}
            onClick={onCancel}
          />
        ) : (
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined aria-hidden />}
            disabled={busy}
            aria-label={t('upload.removeOf', { file: item.file.name })}
            title={t('upload.remove')}
            onClick={onRemove}
          />
        )}
      </Flex>
      <Flex justify="space-between" gap={8}>
        <Typography.Text
          type="secondary"
          style={{ fontSize: 12, minWidth: 0 }}
          ellipsis={{ tooltip: item.file.name }}
        >
          {item.file.name}
        </Typography.Text>
        {item.state === 'done' && (
          <Typography.Text type="success" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            <CheckCircleFilled aria-hidden /> {t('upload.done')}
          </Typography.Text>
        )}
      </Flex>
      {item.state === 'uploading' && (
        <Progress
          size="small"
          percent={Math.round(item.progress * 100)}
          status="active"
          aria-label={t('upload.progressOf', { file: item.file.name })}
        />
      )}
      {problemText && (
        <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="upload-problem">
          <CloseCircleFilled aria-hidden /> {problemText}
        </Typography.Text>
      )}
    </Flex>
  );
}
