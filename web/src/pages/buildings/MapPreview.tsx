import { Flex, Typography, theme } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnits } from '../../units/use-units';
import { type GreyImage, rgbaOf } from './map-file.utils';
import { mapSize } from './map-upload.utils';

interface Props {
  /** A PNG or JPEG file, or the grey levels of a PGM. */
  source: Blob | GreyImage;
  widthPx: number;
  heightPx: number;
  /** Metres per pixel, when known. */
  resolution: number | undefined;
}

const BOX = { width: 472, height: 260 };

async function drawable(source: Blob | GreyImage): Promise<CanvasImageSource> {
  if (source instanceof Blob) return createImageBitmap(source);
  const canvas = document.createElement('canvas');
  canvas.width = source.width;
  canvas.height = source.height;
  canvas.getContext('2d')?.putImageData(new ImageData(rgbaOf(source), source.width, source.height), 0, 0);
  return canvas;
}

/** The chosen map drawn to fit, with the floor size it gives at the chosen scale. */
export function MapPreview({ source, widthPx, heightPx, resolution }: Props) {
  const { t } = useTranslation('buildings');
  const { token } = theme.useToken();
  const units = useUnits();
  const canvas = useRef<HTMLCanvasElement>(null);
  const scale = Math.min(BOX.width / widthPx, BOX.height / heightPx, 1);
  const shown = {
    width: Math.max(1, Math.round(widthPx * scale)),
    height: Math.max(1, Math.round(heightPx * scale)),
  };

  useEffect(() => {
    let live = true;
    drawable(source).then(
      (image) => {
        const ctx = canvas.current?.getContext('2d');
        if (!live || !ctx) return;
        ctx.imageSmoothingEnabled = scale < 1;
        ctx.drawImage(image, 0, 0, shown.width, shown.height);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [source, scale, shown.width, shown.height]);

  const size = resolution ? mapSize(widthPx, heightPx, resolution) : undefined;
  return (
    <Flex vertical gap={6} data-testid="map-preview">
      <canvas
        ref={canvas}
        width={shown.width}
        height={shown.height}
        role="img"
        aria-label={t('upload.previewLabel')}
        style={{
          alignSelf: 'center',
          border: `1px solid ${token.colorBorderSecondary}`,
          background: token.colorBgLayout,
        }}
      />
      <Flex justify="space-between" wrap gap={8}>
        {size && (
          <Typography.Text strong data-testid="map-preview-size">
            {t('upload.resultSize', { width: units.length(size.width), height: units.length(size.height) })}
          </Typography.Text>
        )}
        <Typography.Text type="secondary">
          {t('upload.pixels', { width: widthPx, height: heightPx })}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
