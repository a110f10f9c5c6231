import type { MapPoint, MiniDevice } from '@fleet/contract';
import { Alert, Form, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuildingOptionsQuery } from '../../api/buildings/building-options-query';
import { useBuildingQuery } from '../../api/buildings/building-query';
import { useDeviceBindMutation } from '../../api/devices/device-mutations';
import { FormModal } from '../../components/FormModal';
import { notify } from '../../feedback/notifier';
import { useUnits } from '../../units/use-units';
import { DevicePlaceMap } from './DevicePlaceMap';

interface Values {
  buildingId: string | undefined;
  floorId: string | undefined;
}

const FIELDS = { buildingId: 'buildingId', floorId: 'floorId', point: 'floorId' } as const;

/** Where a device belongs: a building, a floor of it, and the point on its map a robot drives to. */
export default function PlaceDeviceModal({ device, onClose }: { device: MiniDevice; onClose: () => void }) {
  const { t } = useTranslation(['devices', 'common']);
  const [form] = Form.useForm<Values>();
  const bind = useDeviceBindMutation();
  const units = useUnits();
  const buildings = useBuildingOptionsQuery();
  const buildingId = Form.useWatch('buildingId', form) ?? device.buildingId ?? undefined;
  const floorId = Form.useWatch('floorId', form);
  const building = useBuildingQuery(buildingId);
  const [point, setPoint] = useState<MapPoint | null>(device.point);

  const submit = async (values: Values) => {
    await bind.mutateAsync({
      deviceId: device.id,
      buildingId: values.buildingId ?? null,
      floorId: values.buildingId ? (values.floorId ?? null) : null,
      point: values.buildingId && values.floorId ? point : null,
    });
    notify({ level: 'success', text: t('place.done', { label: device.label }) });
  };

  return (
    <FormModal<Values>
      form={form}
      formTestId="device-place-form"
      title={t('place.title', { label: device.label })}
      okText={t('place.ok')}
      saving={bind.isPending}
      width={720}
      initialValues={{ buildingId: device.buildingId ?? undefined, floorId: device.floorId ?? undefined }}
      fields={FIELDS}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="buildingId" label={t('place.building')} extra={t('place.buildingHint')}>
        <Select
          allowClear
          data-testid="device-place-building"
          options={(buildings.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
          onChange={() => {
            form.setFieldValue('floorId', undefined);
            setPoint(null);
          }}
        />
      </Form.Item>
      {buildingId && (
        <Form.Item name="floorId" label={t('place.floor')}>
          <Select
            allowClear
            data-testid="device-place-floor"
            options={(building.data?.floors ?? []).map((f) => ({ value: f.id, label: f.name }))}
            onChange={() => setPoint(null)}
          />
        </Form.Item>
      )}
      {buildingId && floorId && (
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {point
              ? t('place.pointAt', { x: units.length(point.x, 1), y: units.length(point.y, 1) })
              : t('place.pickHint')}
          </Typography.Paragraph>
          <div data-testid="device-place-map">
            <DevicePlaceMap
              buildingId={buildingId}
              floorId={floorId}
              point={point}
              label={device.label}
              onPick={(p) => setPoint({ x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100 })}
              height={320}
            />
          </div>
        </>
      )}
      {device.openCall && (
        <Alert type="warning" showIcon style={{ marginTop: 16 }} title={t('place.openCall')} />
      )}
    </FormModal>
  );
}
