import { PlayCircleOutlined } from '@ant-design/icons';
import { Button, Flex, Popover, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clipListenUrl } from '../../api/audio/clip-link';

interface Props {
  clip: { id: string; name: string };
  /** Shows the word beside the icon. */
  withText?: boolean;
}

/**
 * Plays a clip in the browser: the short-lived link is asked for when the listener opens, and the `<audio>`
 * element (which seeks with Range requests) goes away, and stops, when it closes.
 */
export function ClipListenButton({ clip, withText = false }: Props) {
  const { t } = useTranslation('audio');
  const [open, setOpen] = useState(false);
  const [src, setSrc] = useState<string>();
  const [failed, setFailed] = useState(false);

  async function openListener(next: boolean) {
    setOpen(next);
    if (!next) {
      // The element goes, and the sound stops with it.
      setSrc(undefined);
      return;
    }
    setFailed(false);
    try {
      setSrc(await clipListenUrl(clip.id));
    } catch {
      setFailed(true);
    }
  }

  const content = (
    <Flex vertical gap={8} style={{ width: 300 }}>
      <Typography.Text strong ellipsis>
        {clip.name}
      </Typography.Text>
      {failed ? (
        <Typography.Text type="danger">{t('listen.failed')}</Typography.Text>
      ) : src && open ? (
        // biome-ignore lint/a11y/useMediaCaption: a recorded prompt or jingle has no caption track to offer
        <audio controls autoPlay src={src} style={{ width: '100%' }} data-testid="clip-audio" />
      ) : (
        <Spin size="small" />
      )}
    </Flex>
  );

  return (
    <Popover trigger="click" open={open} onOpenChange={openListener} content={content} destroyOnHidden>
      <Button
        type={withText ? 'default' : 'text'}
        size="small"
        icon={<PlayCircleOutlined aria-hidden />}
        aria-label={t('listen.of', { name: clip.name })}
        title={withText ? undefined : t('listen.action')}
        data-testid="clip-listen"
      >
        {withText ? t('listen.action') : null}
      </Button>
    </Popover>
  );
}
