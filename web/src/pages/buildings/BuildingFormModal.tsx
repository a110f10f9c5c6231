import type { Building } from '@fleet/contract';
import { Flex, Form, type FormInstance, Input, InputNumber, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useBuildingCreateMutation } from '../../api/buildings/building-create-mutation';
import { useBuildingEditMutation } from '../../api/buildings/building-edit-mutation';
import { FormModal } from '../../components/FormModal';
import { notify } from '../../feedback/notifier';
import {
  BUILDING_FORM_FIELDS,
  type BuildingFormValues,
  emptyBuilding,
  formValuesOf,
  missingCoordinate,
  toCreateBody,
  toEditBody,
} from './building-form.utils';
import { TimeZoneSelect } from './TimeZoneSelect';

interface Props {
  /** The building edited, or undefined to create one. */
  building?: Building | undefined;
  onClose: () => void;
  onCreated?: ((building: Building) => void) | undefined;
}

const LIMITS = { latitude: 90, longitude: 180 } as const;

/** Range, then the pair: a coordinate without its partner is marked on the missing one. */
function coordinateRule(
  form: FormInstance<BuildingFormValues>,
  field: 'latitude' | 'longitude',
  t: TFunction,
) {
  return {
    validator: async (_: unknown, value: number | null | undefined) => {
      if (typeof value === 'number' && Math.abs(value) > LIMITS[field])
        throw new Error(t(`form.${field}Range`));
      const { latitude, longitude } = form.getFieldsValue(['latitude', 'longitude']) as BuildingFormValues;
      if (missingCoordinate(latitude, longitude) === field) throw new Error(t('form.pairMissing'));
    },
  };
}

/** Create a building or edit one's name, address, position and time zone. Mounted only while open. */
export function BuildingFormModal({ building, onClose, onCreated }: Props) {
  const { t } = useTranslation(['buildings', 'errors']);
  const [form] = Form.useForm<BuildingFormValues>();
  const create = useBuildingCreateMutation();
  const edit = useBuildingEditMutation();
  const required = { required: true, whitespace: true, message: t('errors:validation.required') };

  async function submit(values: BuildingFormValues): Promise<Building | undefined> {
    if (building) {
      const saved = await edit.mutateAsync(toEditBody(building.id, values));
      notify({ level: 'success', text: t('form.saved', { name: saved.name }) });
      return undefined;
    }
    const created = await create.mutateAsync(toCreateBody(values));
    notify({ level: 'success', text: t('form.created', { name: created.name }) });
    return created;
  }

  return (
    <FormModal<BuildingFormValues, Building | undefined>
      form={form}
      name="building-form"
      title={building ? t('form.editTitle', { name: building.name }) : t('form.createTitle')}
      okText={building ? t('form.save') : t('form.create')}
      cancelText={t('actions.cancel')}
      saving={create.isPending || edit.isPending}
      submitTestId="building-form-submit"
      requiredMark="optional"
      initialValues={building ? formValuesOf(building) : emptyBuilding()}
      fields={BUILDING_FORM_FIELDS}
      onSubmit={submit}
      onClose={onClose}
      onSaved={(created) => created && onCreated?.(created)}
    >
      <Form.Item
        name="name"
        label={t('form.name')}
        validateFirst
        rules={[required, { max: 120, message: t('errors:validation.tooLong', { max: 120 }) }]}
      >
        <Input autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item
        name="address"
        label={t('form.address')}
        rules={[{ max: 300, message: t('errors:validation.tooLong', { max: 300 }) }]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Flex gap={12}>
        <Form.Item
          name="latitude"
          label={t('form.latitude')}
          dependencies={['longitude']}
          rules={[coordinateRule(form, 'latitude', t)]}
          style={{ flex: 1 }}
        >
          <InputNumber style={{ width: '100%' }} step={0.0001} placeholder="37.7907" />
        </Form.Item>
        <Form.Item
          name="longitude"
          label={t('form.longitude')}
          dependencies={['latitude']}
          rules={[coordinateRule(form, 'longitude', t)]}
          style={{ flex: 1 }}
        >
          <InputNumber style={{ width: '100%' }} step={0.0001} placeholder="-122.3966" />
        </Form.Item>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: -16 }}>
        {t('form.positionHelp')}
      </Typography.Paragraph>
      <Form.Item name="timeZone" label={t('form.timeZone')} extra={t('form.timeZoneHelp')} rules={[required]}>
        <TimeZoneSelect />
      </Form.Item>
    </FormModal>
  );
}
