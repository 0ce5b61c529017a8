import { useEffect, useState } from 'react';
import { Skeleton } from 'antd';
import QRCode from 'qrcode';

/** A QR code of `text` (the receiving address), drawn in the browser. */
export function SubscriptionQr({ text, label }: { text: string; label: string }) {
  const [drawn, setDrawn] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    let alive = true;
    void QRCode.toDataURL(text, { width: 168, margin: 1 }).then((url) => alive && setDrawn({ text, url }));
    return () => {
      alive = false;
    };
  }, [text]);
  if (drawn?.text !== text) return <Skeleton.Image active style={{ width: 168, height: 168 }} />;
  return <img src={drawn.url} alt={label} width={168} height={168} data-testid="subscription-qr" />;
}
