import type { AudioClip } from '@fleet/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useClipEditMutation } from '../../api/audio/clip-mutations';
import { FormModal } from '../../components/FormModal';
import { notify } from '../../feedback/notifier';
import { CLIP_NAME_MAX, isAudioLang } from './clip-upload.utils';
import { LangInput } from './LangInput';
import { useAudioFieldErrors } from './use-audio-field-errors';

interface Values {
  name: string;
  lang: string;
}

const FIELDS = { name: 'name', lang: 'lang' } as const;

/** Rename a clip or set its language (none: it fits a slot of any language). */
export default function ClipEditModal({ clip, onClose }: { clip: AudioClip; onClose: () => void }) {
  const { t } = useTranslation('audio');
  const [form] = Form.useForm<Values>();
  const edit = useClipEditMutation();
  const showErrors = useAudioFieldErrors(form, FIELDS);

  async function submit(v: Values) {
    await edit.mutateAsync({ id: clip.id, name: v.name.trim(), lang: v.lang ? v.lang : null });
    notify({ level: 'success', text: t('clips.saved', { name: v.name.trim() }) });
  }

  return (
    <FormModal<Values>
      form={form}
      formTestId="clip-form"
      title={t('clips.editTitle', { name: clip.name })}
      okText={t('actions.save')}
      saving={edit.isPending}
      initialValues={{ name: clip.name, lang: clip.lang ?? '' }}
      fields={FIELDS}
      onError={showErrors}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('clips.name')}
        rules={[
          { required: true, whitespace: true, message: t('nameDialog.required') },
          { max: CLIP_NAME_MAX, message: t('nameDialog.tooLong', { max: CLIP_NAME_MAX }) },
        ]}
      >
        <Input autoFocus />
      </Form.Item>
      <Form.Item
        name="lang"
        label={t('clips.lang')}
        extra={t('clips.langHint')}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              if (!isAudioLang(value ?? '')) throw new Error(t('lang.invalid'));
            },
          },
        ]}
      >
        <LangInput />
      </Form.Item>
    </FormModal>
  );
}
