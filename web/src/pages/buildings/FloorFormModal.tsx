import type { Floor } from '@fleet/contract';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFloorCreateMutation } from '../../api/buildings/floor-create-mutation';
import { useFloorEditMutation } from '../../api/buildings/floor-edit-mutation';
import { FormModal } from '../../components/FormModal';
import { notify } from '../../feedback/notifier';
import { FLOOR_FORM_FIELDS, type FloorFormValues, levelTaken, nextLevel } from './floor-form.utils';

interface Props {
  buildingId: string;
  /** The building's floors, for the next free level and the one-floor-per-level check. */
  floors: readonly Floor[];
  /** The floor renamed or moved, or undefined to add one. */
  floor?: Floor | undefined;
  onClose: () => void;
  onAdded?: ((floor: Floor) => void) | undefined;
}

export function FloorFormModal({ buildingId, floors, floor, onClose, onAdded }: Props) {
  const { t } = useTranslation(['buildings', 'errors']);
  const [form] = Form.useForm<FloorFormValues>();
  const create = useFloorCreateMutation();
  const edit = useFloorEditMutation();
  const required = { required: true, message: t('errors:validation.required') };

  async function submit(values: FloorFormValues): Promise<Floor | undefined> {
    const name = values.name.trim();
    if (floor) {
      await edit.mutateAsync({ id: floor.id, name, level: values.level });
      notify({ level: 'success', text: t('floors.saved', { name }) });
      return undefined;
    }
    const added = await create.mutateAsync({ buildingId, name, level: values.level });
    notify({ level: 'success', text: t('floors.added', { name }) });
    return added;
  }

  return (
    <FormModal<FloorFormValues, Floor | undefined>
      form={form}
      name="floor-form"
      title={floor ? t('floors.editTitle', { name: floor.name }) : t('floors.addTitle')}
      okText={floor ? t('form.save') : t('floors.add')}
      cancelText={t('actions.cancel')}
      saving={create.isPending || edit.isPending}
      submitTestId="floor-form-submit"
      initialValues={
        floor ? { name: floor.name, level: floor.level } : { name: '', level: nextLevel(floors) }
      }
      fields={FLOOR_FORM_FIELDS}
      conflicts={{ level: t('floors.levelTaken') }}
      onSubmit={submit}
      onClose={onClose}
      onSaved={(added) => added && onAdded?.(added)}
    >
      <Form.Item
        name="name"
        label={t('floors.name')}
        validateFirst
        rules={[
          { ...required, whitespace: true },
          { max: 80, message: t('errors:validation.tooLong', { max: 80 }) },
        ]}
      >
        <Input autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item
        name="level"
        label={t('floors.level')}
        extra={t('floors.levelHelp')}
        validateFirst
        rules={[
          required,
          {
            validator: async (_: unknown, level: number) => {
              if (levelTaken(floors, level, floor?.id)) throw new Error(t('floors.levelTaken'));
            },
          },
        ]}
      >
        <InputNumber min={-20} max={300} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </FormModal>
  );
}
