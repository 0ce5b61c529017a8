import { useState } from 'react';
import { Alert, Button, Card, Input, Space, Typography } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { QueryError } from '@/components/ui/query-error';
import { useLazyTranslation } from '@/lib/use-namespace';
import { pairingCode } from '../lib/qr-text';
import { MobileTitle } from './mobile-shell';
import { ScanPanel } from './scan-panel';

/**
 * Not paired yet: scan the QR the desktop shows (Personal settings → Signer addresses → Pair a
 * phone), or type its code. A refused code is said with the server's message and Retry.
 */
export function PairScreen(props: {
  pairing: boolean;
  error: unknown;
  lastCode: string | null;
  onPair: (code: string) => void;
}) {
  const { t } = useLazyTranslation('mobile');
  const [scanning, setScanning] = useState(false);
  const [typed, setTyped] = useState('');
  const [typedWrong, setTypedWrong] = useState(false);

  const submitTyped = () => {
    const code = pairingCode(typed);
    setTypedWrong(!code);
    if (code) props.onPair(code);
  };

  return (
    <div data-testid="mobile-pair">
      <MobileTitle>{t('pair.title')}</MobileTitle>
      <Typography.Paragraph type="secondary">{t('pair.intro')}</Typography.Paragraph>
      {props.pairing ? (
        <Alert
          type="info"
          showIcon
          message={t('pair.pairing')}
          style={{ marginBottom: 16 }}
          data-testid="mobile-pairing"
        />
      ) : props.error && props.lastCode ? (
        <div style={{ marginBottom: 16 }}>
          <QueryError
            title={t('pair.failed')}
            error={props.error}
            onRetry={() => props.onPair(props.lastCode!)}
            retrying={props.pairing}
            testId="mobile-pair-error"
            retryTestId="mobile-pair-retry"
          />
        </div>
      ) : null}
      <Card style={{ marginBottom: 16 }}>
        {scanning ? (
          <ScanPanel
            onScanned={(scanned) => {
              setScanning(false);
              if (scanned.kind === 'pair') props.onPair(scanned.code);
            }}
            onCancel={() => setScanning(false)}
          />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text strong>{t('pair.scanTitle')}</Typography.Text>
            <Typography.Text type="secondary">{t('pair.scanHint')}</Typography.Text>
            <Button
              type="primary"
              size="large"
              block
              icon={<CameraOutlined />}
              loading={props.pairing}
              onClick={() => setScanning(true)}
              data-testid="mobile-pair-scan"
            >
              {t('pair.scan')}
            </Button>
          </Space>
        )}
      </Card>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }}>
          <label htmlFor="mobile-pair-code">
            <Typography.Text strong>{t('pair.typeTitle')}</Typography.Text>
          </label>
          <Input
            id="mobile-pair-code"
            size="large"
            placeholder="ABCDE-FGHJK"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            value={typed}
            maxLength={16}
            status={typedWrong ? 'error' : undefined}
            onChange={(event) => {
              setTyped(event.target.value);
              setTypedWrong(false);
            }}
            onPressEnter={submitTyped}
            style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', letterSpacing: 2 }}
            data-testid="mobile-pair-code"
          />
          {typedWrong ? (
            <Alert
              type="error"
              showIcon
              message={t('pair.codeFormat')}
              data-testid="mobile-pair-code-format"
            />
          ) : null}
          <Button
            size="large"
            block
            loading={props.pairing}
            disabled={!typed.trim()}
            onClick={submitTyped}
            data-testid="mobile-pair-submit"
          >
            {t('pair.submit')}
          </Button>
        </Space>
      </Card>
    </div>
  );
}
