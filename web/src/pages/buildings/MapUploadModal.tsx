import type { Floor } from '@fleet/contract';
import { Alert, Flex, Form, InputNumber, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasErrorCode, isApiError } from '../../api/api-error';
import { useFloorMapUploadMutation } from '../../api/buildings/floor-map-upload-mutation';
import { notify } from '../../feedback/notifier';
import { parseFieldIssues } from '../../forms/server-field-errors';
import { useServerFieldErrors } from '../../forms/use-server-field-errors';
import { fromDisplay, unitSymbol } from '../../units/units';
import { useUnits } from '../../units/use-units';
import { ImageFileInput, RosFilesInput } from './MapFilePickers';
import { MapPreview } from './MapPreview';
import { readRosYaml } from './map-file.utils';
import {
  initialUploadValues,
  MAP_UPLOAD_FIELDS,
  MAX_RESOLUTION_M,
  type MapUploadValues,
  type PickedRos,
  resolutionAllowed,
  toUploadBody,
} from './map-upload.utils';

/** Choose a floor's map, see it at its scale, then save it. Mounted only while open. */
export function MapUploadModal({ floor, onClose }: { floor: Floor; onClose: () => void }) {
  const { t } = useTranslation(['buildings', 'errors']);
  const units = useUnits();
  const [form] = Form.useForm<MapUploadValues>();
  const upload = useFloorMapUploadMutation();
  const showErrors = useServerFieldErrors(form, MAP_UPLOAD_FIELDS);
  const values =
    (Form.useWatch([], form) as MapUploadValues | undefined) ?? initialUploadValues(units.system);
  const symbol = unitSymbol('length', units.system);
  const fileField = values.format === 'ros' ? 'ros' : 'image';

  async function submit(v: MapUploadValues) {
    const body = toUploadBody(v, units.system);
    if (!body) return;
    try {
      await upload.mutateAsync({ floorId: floor.id, body });
      notify({ level: 'success', text: t('upload.saved', { floor: floor.name }) });
      onClose();
    } catch (error) {
      if (hasErrorCode(error, 'PAYLOAD_TOO_LARGE') && isApiError(error)) {
        const reason = parseFieldIssues(error.info)[0]?.reason ?? error.info;
        form.setFields([{ name: fileField, errors: [t('upload.errors.tooLarge', { reason })] }]);
      } else showErrors(error);
    }
  }

  return (
    <Modal
      open
      width={560}
      title={t('upload.title', { floor: floor.name })}
      okText={t('upload.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={upload.isPending}
      okButtonProps={{ 'data-testid': 'map-upload-submit' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<MapUploadValues>
        form={form}
        name="map-upload"
        layout="vertical"
        initialValues={initialUploadValues(units.system)}
        onFinish={submit}
      >
        <Form.Item name="format" label={t('upload.format')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'image', label: t('upload.formats.image') },
              { value: 'ros', label: t('upload.formats.ros') },
            ]}
          />
        </Form.Item>
        {values.format === 'ros' ? (
          <RosPart ros={values.ros} />
        ) : (
          <>
            <Form.Item
              name="image"
              label={t('upload.image')}
              rules={[{ required: true, message: t('upload.errors.required') }]}
            >
              <ImageFileInput />
            </Form.Item>
            <Form.Item
              name="resolution"
              label={t('upload.resolution')}
              extra={t('upload.resolutionHelp')}
              validateFirst
              rules={[
                { required: true, message: t('errors:validation.required') },
                {
                  validator: async (_: unknown, v: number) => {
                    if (!resolutionAllowed(v, units.system)) {
                      throw new Error(t('upload.resolutionRange', { max: units.length(MAX_RESOLUTION_M) }));
                    }
                  },
                },
              ]}
            >
              <InputNumber
                step={0.01}
                suffix={t('upload.resolutionUnit', { unit: symbol })}
                style={{ width: 220 }}
                data-testid="map-resolution"
              />
            </Form.Item>
            <Flex gap={12}>
              <Form.Item name="originX" label={t('upload.originX')} style={{ flex: 1 }}>
                <InputNumber suffix={symbol} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="originY" label={t('upload.originY')} style={{ flex: 1 }}>
                <InputNumber suffix={symbol} style={{ width: '100%' }} />
              </Form.Item>
            </Flex>
            <Alert type="info" title={t('upload.originHelp')} style={{ marginBottom: 16 }} />
            {values.image && (
              <MapPreview
                source={values.image.file}
                widthPx={values.image.width}
                heightPx={values.image.height}
                resolution={
                  values.resolution && resolutionAllowed(values.resolution, units.system)
                    ? fromDisplay('length', values.resolution, units.system)
                    : undefined
                }
              />
            )}
          </>
        )}
      </Form>
    </Modal>
  );
}

/** The ROS pair: both files are needed; their scale comes from the YAML, shown back in the user's unit. */
function RosPart({ ros }: { ros: PickedRos | undefined }) {
  const { t } = useTranslation('buildings');
  const units = useUnits();
  const scale = ros?.yaml ? readRosYaml(ros.yaml.text) : undefined;
  const shown = (metres: number) => units.length(metres, 2);
  return (
    <>
      <Form.Item
        name="ros"
        label={t('upload.rosFiles')}
        rules={[
          {
            validator: async (_: unknown, v: PickedRos | undefined) => {
              if (!v?.pgm) throw new Error(t('upload.pgmMissing'));
              if (!v.yaml) throw new Error(t('upload.yamlMissing'));
            },
          },
        ]}
      >
        <RosFilesInput />
      </Form.Item>
      {scale && (
        <Alert
          style={{ marginBottom: 16 }}
          type={scale.resolution ? 'info' : 'warning'}
          title={
            scale.resolution
              ? t('upload.yamlScale', {
                  resolution: units.length(scale.resolution, 3),
                  x: shown(scale.origin?.x ?? 0),
                  y: shown(scale.origin?.y ?? 0),
                })
              : t('upload.yamlUnreadable')
          }
        />
      )}
      {ros?.pgm && (
        <MapPreview
          source={ros.pgm.image}
          widthPx={ros.pgm.image.width}
          heightPx={ros.pgm.image.height}
          resolution={scale?.resolution}
        />
      )}
    </>
  );
}
