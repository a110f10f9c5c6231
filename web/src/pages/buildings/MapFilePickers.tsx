import { InboxOutlined } from '@ant-design/icons';
import { Flex, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickedImage, PickedRos } from './map-upload.utils';
import { MapFileProblem, readImageFile, readRosFile } from './read-map-file';

interface FieldProps<T> {
  id?: string;
  value?: T | undefined;
  onChange?: (value: T) => void;
}

/** Reading fails with a reason the picker shows under itself, naming the file. */
function useProblem() {
  const { t } = useTranslation('buildings');
  const [problem, setProblem] = useState<string>();
  return {
    problem,
    clear: () => setProblem(undefined),
    report: (file: File, error: unknown) => {
      const key = error instanceof MapFileProblem ? error.key : 'unreadable';
      setProblem(t(`upload.errors.${key}`, { name: file.name }));
    },
  };
}

function Chosen({ names, problem }: { names: string[]; problem: string | undefined }) {
  return (
    <Flex vertical gap={2} style={{ marginTop: 6 }}>
      {names.map((name) => (
        <Typography.Text key={name} data-testid="map-file-chosen">
          {name}
        </Typography.Text>
      ))}
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * A PNG or JPEG, read in the browser: Upload only picks the file (`beforeUpload` returns false), the
 * form sends it as base64 inside the JSON call.
 */
export function ImageFileInput({ id, value, onChange }: FieldProps<PickedImage>) {
  const { t } = useTranslation('buildings');
  const { problem, clear, report } = useProblem();
  return (
    <>
      <Upload.Dragger
        id={id}
        accept="image/png,image/jpeg,.png,.jpg,.jpeg"
        maxCount={1}
        showUploadList={false}
        data-testid="map-image-input"
        beforeUpload={(file) => {
          clear();
          readImageFile(file).then(
            (picked) => onChange?.(picked),
            (error: unknown) => report(file, error),
          );
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{t('upload.chooseImage')}</p>
      </Upload.Dragger>
      <Chosen names={value ? [value.name] : []} problem={problem} />
    </>
  );
}

/** The PGM and YAML of a ROS map, chosen together or one after the other, told apart by content. */
export function RosFilesInput({ id, value, onChange }: FieldProps<PickedRos>) {
  const { t } = useTranslation('buildings');
  const { problem, clear, report } = useProblem();
  // Both files of one choice are read at once; each must add to what the other already set.
  const latest = useRef<PickedRos>(value ?? {});
  latest.current = value ?? latest.current;

  return (
    <>
      <Upload.Dragger
        id={id}
        accept=".pgm,.yaml,.yml"
        multiple
        showUploadList={false}
        data-testid="map-ros-input"
        beforeUpload={(file) => {
          clear();
          readRosFile(file).then(
            (picked) => {
              const next = {
                ...latest.current,
                ...(picked.kind === 'pgm' ? { pgm: picked.pgm } : { yaml: picked.yaml }),
              };
              latest.current = next;
              onChange?.(next);
            },
            (error: unknown) => report(file, error),
          );
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{t('upload.chooseRos')}</p>
        <p className="ant-upload-hint">{t('upload.rosHelp')}</p>
      </Upload.Dragger>
      <Chosen
        names={[value?.pgm?.name, value?.yaml?.name].filter((n): n is string => Boolean(n))}
        problem={problem}
      />
    </>
  );
}
