import { useEffect, useRef, useState } from 'react';
import { Typography } from 'antd';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { QR_OPTIONS, qrText } from '@/lib/qr-signing/qr-render';

/** Frames per second of an animated UR: what phone and Keystone cameras read reliably. */
const FRAMES_PER_SECOND = 4;

/** The request as a QR code, cycling through its parts when it needs more than one. */
export function AnimatedQr({ frames }: { frames: string[] }) {
  const { t } = useTranslation('wallets');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    setIndex(0);
    if (frames.length < 2) return;
    const timer = window.setInterval(
      () => setIndex((value) => (value + 1) % frames.length),
      1000 / FRAMES_PER_SECOND,
    );
    return () => window.clearInterval(timer);
  }, [frames]);

  useEffect(() => {
    const frame = frames[index];
    if (canvas.current && frame) void QRCode.toCanvas(canvas.current, qrText(frame), QR_OPTIONS);
  }, [frames, index]);

  return (
    <div style={{ textAlign: 'center' }}>
      <canvas
        ref={canvas}
        data-testid="qr-request"
        data-frame={index}
        role="img"
        aria-label={t('qr.codeLabel', { frame: index + 1, count: frames.length })}
        style={{ maxWidth: '100%', imageRendering: 'pixelated', background: '#fff' }}
      />
      {frames.length > 1 ? (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {t('qr.animated', { count: frames.length })}
        </Typography.Text>
      ) : null}
    </div>
  );
}
