import { AUDIO_GROUP_KINDS, type AudioGroup, type AudioGroupKind } from '@fleet/contract';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  useGroupCreateMutation,
  useGroupDuplicateMutation,
  useGroupEditMutation,
} from '../../api/audio/group-mutations';
import { FormModal } from '../../components/FormModal';
import { notify } from '../../feedback/notifier';
import { copyName } from './group-list.utils';
import { useAudioFieldErrors } from './use-audio-field-errors';

/** Creating a group (name and kind), duplicating one under a new name, or renaming one. */
export type GroupNameDialog =
  | { kind: 'create' }
  | { kind: 'duplicate'; group: AudioGroup }
  | { kind: 'rename'; group: AudioGroup };

interface Values {
  name: string;
  kind: AudioGroupKind;
}

const FIELDS = { name: 'name', kind: 'kind' } as const;
const GROUP_NAME_MAX = 80;

interface Props {
  dialog: GroupNameDialog;
  onClose: () => void;
  /** The group made or renamed (a new one is opened). */
  onSaved?: (group: AudioGroup) => void;
}

export default function GroupNameModal({ dialog, onClose, onSaved }: Props) {
  const { t } = useTranslation('audio');
  const [form] = Form.useForm<Values>();
  const create = useGroupCreateMutation();
  const duplicate = useGroupDuplicateMutation();
  const edit = useGroupEditMutation();
  const source = dialog.kind === 'create' ? undefined : dialog.group;
  const showErrors = useAudioFieldErrors(form, FIELDS);

  const submit = async ({ name, kind }: Values): Promise<AudioGroup> => {
    const trimmed = name.trim();
    let saved: AudioGroup;
    if (dialog.kind === 'create') saved = await create.mutateAsync({ name: trimmed, kind });
    else if (dialog.kind === 'duplicate')
      saved = await duplicate.mutateAsync({ id: dialog.group.id, name: trimmed });
    else saved = await edit.mutateAsync({ id: dialog.group.id, name: trimmed });
    notify({ level: 'success', text: t(`nameDialog.${dialog.kind}.done`, { name: saved.name }) });
    return saved;
  };

  const initialName =
    dialog.kind === 'duplicate'
      ? copyName(dialog.group.name, (name) => t('nameDialog.copyOf', { name }), GROUP_NAME_MAX)
      : (source?.name ?? '');

  return (
    <FormModal<Values, AudioGroup>
      form={form}
      formTestId="audio-group-form"
      submitTestId="audio-group-save"
      title={t(`nameDialog.${dialog.kind}.title`, { name: source?.name ?? '' })}
      okText={t(`nameDialog.${dialog.kind}.ok`)}
      saving={create.isPending || duplicate.isPending || edit.isPending}
      initialValues={{ name: initialName, kind: source?.kind ?? 'voicePack' }}
      fields={FIELDS}
      onError={showErrors}
      onSubmit={submit}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item
        name="name"
        label={t('nameDialog.name')}
        rules={[
          { required: true, whitespace: true, message: t('nameDialog.required') },
          { max: GROUP_NAME_MAX, message: t('nameDialog.tooLong', { max: GROUP_NAME_MAX }) },
        ]}
      >
        <Input autoFocus />
      </Form.Item>
      {dialog.kind === 'create' && (
        <Form.Item name="kind" label={t('nameDialog.kind')} extra={t('nameDialog.kindHint')}>
          <Radio.Group
            optionType="button"
            options={AUDIO_GROUP_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
          />
        </Form.Item>
      )}
    </FormModal>
  );
}
