import { useCallback, useRef, useState } from 'react';
import { Alert, Button } from 'antd';
import { CameraScanner, type CameraProblem } from '@/components/qr-exchange/camera-scanner';
import { useLazyTranslation } from '@/lib/use-namespace';
import { parseScannedText, type ScannedText } from '../lib/qr-text';

/**
 * The camera, searching each frame for a pairing or task QR code. The first code this page
 * understands is handed on (once); others are named as not for this app.
 */
export function ScanPanel(props: { onScanned: (scanned: ScannedText) => void; onCancel: () => void }) {
  const { t } = useLazyTranslation('mobile');
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [unknown, setUnknown] = useState(false);
  const done = useRef(false);
  const { onScanned } = props;
  const onText = useCallback(
    (text: string) => {
      if (done.current) return;
      const scanned = parseScannedText(text);
      if (!scanned) {
        setUnknown(true);
        return;
      }
      done.current = true;
      onScanned(scanned);
    },
    [onScanned],
  );
  return (
    <div data-testid="mobile-scan">
      {problem ? (
        <Alert
          type="warning"
          showIcon
          message={t(`scan.problem.${problem}`)}
          style={{ marginBottom: 12 }}
          data-testid="mobile-scan-problem"
        />
      ) : (
        <CameraScanner onText={onText} onProblem={setProblem} />
      )}
      {unknown && !problem ? (
        <Alert type="info" showIcon message={t('scan.unknown')} style={{ marginTop: 12 }} />
      ) : null}
      <Button
        size="large"
        block
        style={{ marginTop: 12 }}
        onClick={props.onCancel}
        data-testid="mobile-scan-cancel"
      >
        {t('scan.cancel')}
      </Button>
    </div>
  );
}
