import { DownloadOutlined } from '@ant-design/icons';
import type { ExportContent, ExportFormat } from '@fleet/contract';
import { Button, Dropdown, Modal, Progress, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAnalysisExport, type ExportProgress } from '../../api/analysis/export-analysis';
import { useUnitSystem } from '../../units/use-units';
import { type AnalysisView, filterOf } from './analysis-url.utils';
import { exportPercent, sizeText } from './export-progress.utils';

const CONTENTS: ExportContent[] = ['ranking', 'trend', 'tasks'];
const FORMATS: ExportFormat[] = ['csv', 'xlsx'];

interface Running {
  content: ExportContent;
  format: ExportFormat;
  progress: ExportProgress;
}

/**
 * "Export": the ranking, the trend or the raw tasks of the view as CSV or XLSX, in the reader's language and units.
 * A dialog follows the download (bytes received against the rows the server announced) until the file is saved.
 */
export function ExportButton({ view }: { view: AnalysisView }) {
  const { t, i18n } = useTranslation('analysis');
  const units = useUnitSystem();
  const [running, setRunning] = useState<Running | null>(null);
  const locale = i18n.language === 'zh' ? 'zh-CN' : 'en';

  const start = async (content: ExportContent, format: ExportFormat) => {
    setRunning({ content, format, progress: { loaded: 0, rows: null } });
    try {
      await downloadAnalysisExport(
        {
          content,
          format,
          language: i18n.language === 'zh' ? 'zh' : 'en',
          units,
          filter: filterOf(view),
          ...(content === 'ranking' ? { by: view.rankBy } : {}),
        },
        (progress) => setRunning({ content, format, progress }),
      );
    } catch {
      // The call has told the user why (a toast); the dialog just closes.
    } finally {
      setRunning(null);
    }
  };

  const items = CONTENTS.flatMap((content) =>
    FORMATS.map((format) => ({
      key: `${content}.${format}`,
      label: t('export.item', { what: t(`export.contents.${content}`), format: format.toUpperCase() }),
      'data-testid': `export-${content}-${format}`,
      onClick: () => void start(content, format),
    })),
  );
  const percent = running
    ? exportPercent(running.content, running.format, running.progress.loaded, running.progress.rows)
    : null;

  return (
    <>
      <Dropdown menu={{ items }} trigger={['click']} disabled={running !== null}>
        <Button icon={<DownloadOutlined />} data-testid="analysis-export">
          {t('export.button')}
        </Button>
      </Dropdown>
      <Modal
        open={running !== null}
        title={running ? t('export.running', { what: t(`export.contents.${running.content}`) }) : ''}
        footer={null}
        closable={false}
        maskClosable={false}
        data-testid="export-progress"
      >
        <Progress percent={percent ?? 0} status="active" showInfo={percent !== null} />
        <Typography.Text type="secondary">
          {running?.progress.rows !== null && running?.progress.rows !== undefined
            ? t('export.received', {
                size: sizeText(running.progress.loaded, locale),
                rows: new Intl.NumberFormat(locale).format(running.progress.rows),
              })
            : t('export.waiting')}
        </Typography.Text>
      </Modal>
    </>
  );
}
