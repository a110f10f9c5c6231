import type { Floor, FloorMap } from '@fleet/contract';
import { Button, Checkbox, Flex, Form, Input, InputNumber, Space } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStationCreateMutation } from '../../api/buildings/station-create-mutation';
import { useStationEditMutation } from '../../api/buildings/station-edit-mutation';
import type { MapStation } from '../../components/floor-map/floor-geometry';
import { Panel } from '../../components/Panel';
import { notify } from '../../feedback/notifier';
import { useServerFieldErrors } from '../../forms/use-server-field-errors';
import { unitSymbol } from '../../units/units';
import { useUnits } from '../../units/use-units';
import type { StationEdit } from './station-edit';
import {
  mapExtent,
  newStationValues,
  onMap,
  pointOf,
  radiansOf,
  STATION_FORM_FIELDS,
  type StationFormValues,
  stationValuesOf,
  toCreateStationBody,
  toEditStationBody,
} from './station-form.utils';

interface Props {
  buildingId: string;
  floor: Floor;
  editing: StationEdit;
  onDraft: (draft: MapStation | undefined) => void;
  onDone: () => void;
}

/** A small form beside the map: name, position in the user's unit, heading in degrees, charger. */
export function StationForm({ buildingId, floor, editing, onDraft, onDone }: Props) {
  const { t } = useTranslation(['buildings', 'errors']);
  const units = useUnits();
  const [form] = Form.useForm<StationFormValues>();
  const create = useStationCreateMutation(buildingId);
  const edit = useStationEditMutation();
  const showErrors = useServerFieldErrors(form, STATION_FORM_FIELDS, { name: t('stations.nameTaken') });
  const values = Form.useWatch([], form) as Partial<StationFormValues> | undefined;
  const adding = editing.kind === 'new';
  const pick = editing.point;
  const symbol = unitSymbol('length', units.system);

  // A click on the map moves the station being placed or edited; what was typed stays.
  useEffect(() => {
    if (!pick) return;
    const { x, y } = newStationValues(pick, units.system);
    form.setFieldsValue({ x, y });
  }, [pick, form, units.system]);

  useEffect(() => {
    const { x, y, heading, name, charger } = values ?? {};
    if (typeof x !== 'number' || typeof y !== 'number') {
      onDraft(undefined);
      return;
    }
    onDraft({
      id: 'draft',
      name: name?.trim() || t('stations.placing'),
      ...pointOf({ x, y }, units.system),
      theta: radiansOf(typeof heading === 'number' ? heading : 0),
      charger: charger === true,
    });
  }, [values, onDraft, units.system, t]);

  async function submit(v: StationFormValues) {
    try {
      if (editing.kind === 'edit') {
        const saved = await edit.mutateAsync(toEditStationBody(editing.station.id, v, units.system));
        notify({ level: 'success', text: t('stations.saved', { name: saved.name }) });
      } else {
        const created = await create.mutateAsync(toCreateStationBody(floor.id, v, units.system));
        notify({ level: 'success', text: t('stations.created', { name: created.name }) });
      }
      onDone();
    } catch (error) {
      showErrors(error);
    }
  }

  const required = { required: true, message: t('errors:validation.required') };

  return (
    <Panel style={{ padding: 16 }}>
      <Form<StationFormValues>
        form={form}
        name="station-form"
        layout="vertical"
        size="small"
        initialValues={
          editing.kind === 'edit'
            ? stationValuesOf(editing.station, units.system)
            : newStationValues(editing.point, units.system)
        }
        onFinish={submit}
        aria-label={adding ? t('stations.newTitle') : t('stations.editTitle', { name: editing.station.name })}
      >
        <strong style={{ display: 'block', marginBottom: 8 }}>
          {adding ? t('stations.newTitle') : t('stations.editTitle', { name: editing.station.name })}
        </strong>
        <Form.Item
          name="name"
          label={t('stations.name')}
          validateFirst
          rules={[
            { ...required, whitespace: true },
            { max: 80, message: t('errors:validation.tooLong', { max: 80 }) },
          ]}
        >
          <Input autoComplete="off" autoFocus />
        </Form.Item>
        <Flex gap={8}>
          <Form.Item
            name="x"
            label={t('stations.x')}
            rules={[required, onMapRule(floor.map, 'x', units, t)]}
            style={{ flex: 1 }}
          >
            <InputNumber step={0.1} suffix={symbol} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="y"
            label={t('stations.y')}
            rules={[required, onMapRule(floor.map, 'y', units, t)]}
            style={{ flex: 1 }}
          >
            <InputNumber step={0.1} suffix={symbol} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item
          name="heading"
          label={t('stations.heading')}
          extra={t('stations.headingHelp')}
          rules={[required]}
        >
          <InputNumber step={15} suffix="°" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="charger" valuePropName="checked">
          <Checkbox>{t('stations.charger')}</Checkbox>
        </Form.Item>
        <Space>
          <Button
            type="primary"
            htmlType="submit"
            loading={create.isPending || edit.isPending}
            data-testid="station-form-submit"
          >
            {adding ? t('stations.create') : t('stations.save')}
          </Button>
          <Button onClick={onDone}>{t('actions.cancel')}</Button>
        </Space>
      </Form>
    </Panel>
  );
}

/** On a floor with a map the station must lie on it, as the server checks; said in the user's unit. */
function onMapRule(map: FloorMap | null, axis: 'x' | 'y', units: ReturnType<typeof useUnits>, t: TFunction) {
  return {
    validator: async (_: unknown, value: number | null | undefined) => {
      const extent = mapExtent(map, axis);
      if (!extent || typeof value !== 'number' || onMap(map, axis, value, units.system)) return;
      throw new Error(
        t('stations.outside', { min: units.length(extent.min, 2), max: units.length(extent.max, 2) }),
      );
    },
  };
}
