import { InboxOutlined } from '@ant-design/icons';
import { CLIP_PURPOSES, type ClipPurpose } from '@fleet/contract';
import { Button, Divider, Flex, Form, Modal, Radio, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClipUpload } from '../../api/audio/clip-mutations';
import { useClipCaps } from '../../api/audio/use-clip-caps';
import { notify } from '../../feedback/notifier';
import {
  AUDIO_ACCEPT,
  isAudioLang,
  itemsOf,
  recheck,
  sendable,
  type UploadItem,
  uploadProblem,
  uploadSummary,
} from './clip-upload.utils';
import { LangInput } from './LangInput';
import { UploadRow } from './UploadRow';

/** One or many sound files at once, each with its own progress and its own refusal. */
export default function ClipUploadModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('audio');
  const clipCaps = useClipCaps();
  const upload = useClipUpload();
  const [purpose, setPurpose] = useState<ClipPurpose>('prompt');
  const [lang, setLang] = useState('');
  const [items, setItems] = useState<UploadItem[]>([]);
  const [busy, setBusy] = useState(false);
  const controllers = useRef(new Map<string, AbortController>());
  const langValid = isAudioLang(lang);
  const toSend = sendable(items);
  const summary = uploadSummary(items);

  // Closing the dialog stops what is still on its way.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const c of running.values()) c.abort();
    };
  }, []);

  const patch = (key: string, change: Partial<UploadItem>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  function choosePurpose(next: ClipPurpose) {
    setPurpose(next);
    setItems((list) => recheck(list, next, clipCaps));
  }

  async function sendAll() {
    setBusy(true);
    let arrived = 0;
    for (const item of toSend) {
      const controller = new AbortController();
      controllers.current.set(item.key, controller);
      setItems((list) =>
        list.map((i) => {
          if (i.key !== item.key) return i;
          const { problem: _, ...rest } = i;
          return { ...rest, state: 'uploading', progress: 0 };
        }),
      );
      try {
        await upload(
          item.file,
          { name: item.name.trim(), purpose, ...(lang ? { lang } : {}) },
          { signal: controller.signal, onProgress: (progress) => patch(item.key, { progress }) },
        );
        patch(item.key, { state: 'done', progress: 1 });
        arrived += 1;
      } catch (error) {
        // A file the server refused (too long, not a sound) would be refused again; a lost one may be sent again.
        const problem = uploadProblem(error);
        patch(item.key, { state: 'refusal' in problem ? 'refused' : 'failed', problem });
      } finally {
        controllers.current.delete(item.key);
      }
    }
    setBusy(false);
    if (arrived) notify({ level: 'success', text: t('upload.arrived', { n: arrived }) });
  }

  const caps = (p: ClipPurpose) => {
    const { maxBytes, maxDurationS } = clipCaps[p];
    const mb = maxBytes / 1024 / 1024;
    return maxDurationS % 60 === 0 && maxDurationS >= 120
      ? t('upload.capsMinutes', { mb, n: maxDurationS / 60 })
      : t('upload.capsSeconds', { mb, n: maxDurationS });
  };

  return (
    <Modal
      open
      width={720}
      style={{ top: 32 }}
      title={t('upload.title')}
      onCancel={onClose}
      maskClosable={!busy}
      destroyOnHidden
      footer={
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Text type="secondary" data-testid="upload-summary">
            {summary.total > 0 &&
              t('upload.summary', { total: summary.total, done: summary.done, failed: summary.failed })}
          </Typography.Text>
          <Flex gap={8}>
            <Button onClick={onClose}>
              {summary.done > 0 && !busy ? t('upload.close') : t('actions.cancel')}
            </Button>
            <Button
              type="primary"
              loading={busy}
              disabled={toSend.length === 0 || !langValid}
              onClick={sendAll}
              data-testid="upload-send"
            >
              {toSend.length ? t('upload.send', { n: toSend.length }) : t('upload.sendNone')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Form layout="vertical" component="div">
        <Flex gap={16} wrap>
          <Form.Item
            label={t('upload.purpose')}
            extra={caps(purpose)}
            style={{ flex: '1 1 280px', marginBottom: 12 }}
          >
            <Radio.Group
              optionType="button"
              value={purpose}
              disabled={busy}
              onChange={(e) => choosePurpose(e.target.value as ClipPurpose)}
              options={CLIP_PURPOSES.map((p) => ({ value: p, label: t(`purposes.${p}`) }))}
            />
          </Form.Item>
          <Form.Item
            label={t('upload.lang')}
            extra={t('upload.langHint')}
            validateStatus={langValid ? undefined : 'error'}
            help={langValid ? undefined : t('lang.invalid')}
            style={{ flex: '1 1 240px', marginBottom: 12 }}
          >
            <LangInput value={lang} onChange={setLang} />
          </Form.Item>
        </Flex>
      </Form>
      <Upload.Dragger
        multiple
        accept={AUDIO_ACCEPT}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file) => {
          setItems((list) => [...list, ...itemsOf([file], purpose, clipCaps)]);
          return false;
        }}
        data-testid="upload-drop"
      >
        <Flex vertical align="center" gap={4} style={{ paddingInline: 16 }}>
          <InboxOutlined aria-hidden style={{ fontSize: 32, color: 'var(--fc-color-primary)' }} />
          <span>{t('upload.drop')}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('upload.dropHint')}
          </Typography.Text>
        </Flex>
      </Upload.Dragger>
      {items.length > 0 && (
        <>
          <Divider style={{ marginBlock: 12 }} />
          <div
            style={{
              maxHeight: 'calc(100vh - 520px)',
              minHeight: 120,
              overflowY: 'auto',
              paddingInlineEnd: 4,
            }}
          >
            {items.map((item) => (
              <UploadRow
                key={item.key}
                item={item}
                busy={busy}
                onName={(name) => patch(item.key, { name })}
                onRemove={() => setItems((list) => list.filter((i) => i.key !== item.key))}
                onCancel={() => controllers.current.get(item.key)?.abort()}
              />
            ))}
          </div>
        </>
      )}
    </Modal>
  );
}
