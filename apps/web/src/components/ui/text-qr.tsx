import { useEffect, useState, type CSSProperties } from 'react';
import { Skeleton } from 'antd';
import QRCode from 'qrcode';

/** A text (a link) as a QR code drawn in the browser: a placeholder until it is drawn. */
export function TextQr(props: {
  text: string;
  label: string;
  size?: number;
  style?: CSSProperties;
  testId?: string;
}) {
  const size = props.size ?? 232;
  const [drawn, setDrawn] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    let alive = true;
    void QRCode.toDataURL(props.text, { errorCorrectionLevel: 'M', margin: 2, width: size }).then(
      (url) => alive && setDrawn({ text: props.text, url }),
    );
    return () => {
      alive = false;
    };
  }, [props.text, size]);
  if (drawn?.text !== props.text) return <Skeleton.Image active style={{ width: size, height: size }} />;
  return (
    <img
      src={drawn.url}
      alt={props.label}
      width={size}
      height={size}
      style={{ display: 'block', ...props.style }}
      data-testid={props.testId}
    />
  );
}
