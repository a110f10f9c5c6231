import { toCanvas } from 'qrcode';
import { useEffect, useRef } from 'react';

/** A QR code of `text`, drawn on a canvas (dark on white, with the quiet zone readers need). */
export function QrCode({ text, size, label }: { text: string; size: number; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    void toCanvas(canvas.current, text, { width: size, margin: 2, errorCorrectionLevel: 'M' });
  }, [text, size]);
  return <canvas ref={canvas} role="img" aria-label={label} data-testid="mobile-qr" data-text={text} />;
}
