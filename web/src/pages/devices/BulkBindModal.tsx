import { UploadOutlined } from '@ant-design/icons';
import type { BulkBindRow } from '@fleet/contract';
import { Alert, Button, Modal, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { useDeviceBulkBindMutation } from '../../api/devices/device-mutations';
import { refusalText } from '../../api/refusal-words';
import { notify } from '../../feedback/notifier';
import { bulkBindReason } from './bulk-bind-reasons';

const TEMPLATE = 'name,building,floor,x,y\nMINI-0001,Acme Tower,Lobby,24,12\n';

/**
 * Places many devices from a CSV file (name, building, floor, x, y). The file is bound whole or not at all; when a
 * row is wrong, every row's verdict is shown so the file can be put right and sent again.
 */
export default function BulkBindModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('devices');
  const bulk = useDeviceBulkBindMutation();
  const [rows, setRows] = useState<BulkBindRow[]>();
  const [problem, setProblem] = useState<string>();

  async function send(file: File) {
    setProblem(undefined);
    setRows(undefined);
    try {
      const answer = await bulk.mutateAsync(await file.text());
      if (answer.bound > 0) {
        notify({ level: 'success', text: t('bulk.done', { count: answer.bound }) });
        onClose();
      } else setRows(answer.rows);
    } catch (err) {
      setProblem(err instanceof ApiError ? (refusalText(i18n, err) ?? err.message) : String(err));
    }
  }

  const template = `data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`;
  const failed = rows?.filter((r) => r.error) ?? [];
  return (
    <Modal open title={t('bulk.title')} onCancel={onClose} footer={null} width={720}>
      <Typography.Paragraph>{t('bulk.explain')}</Typography.Paragraph>
      <Typography.Paragraph>
        <a href={template} download="devices-bind-template.csv">
          {t('bulk.template')}
        </a>
      </Typography.Paragraph>
      <Upload
        accept=".csv,text/csv"
        showUploadList={false}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />} loading={bulk.isPending} data-testid="bulk-bind-file">
          {t('bulk.choose')}
        </Button>
      </Upload>
      {problem && <Alert type="error" showIcon style={{ marginTop: 16 }} title={problem} />}
      {rows && (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ margin: '16px 0' }}
            title={t('bulk.nothingBound', { count: failed.length })}
          />
          <Table<BulkBindRow>
            rowKey="line"
            size="small"
            data-testid="bulk-bind-report"
            dataSource={failed}
            pagination={{ pageSize: 8, hideOnSinglePage: true }}
            columns={[
              { title: t('bulk.line'), dataIndex: 'line', width: 70 },
              { title: t('bulk.name'), dataIndex: 'name' },
              { title: t('bulk.problem'), key: 'problem', render: (_, row) => bulkBindReason(i18n, row) },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
