import { useEffect, useRef, useSyncExternalStore } from 'react';
import { Button, Descriptions, Modal, Space, Spin, Typography } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { walletConnectPrompts, type PendingPrompt, type WalletConnectPrompt } from '@/lib/wallet-connectors';

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 } as const;

/** The app's one WalletConnect dialog: the pairing code, or the request waiting on the phone. */
export function WalletConnectPromptHost() {
  const pending = useSyncExternalStore(walletConnectPrompts.subscribe, walletConnectPrompts.get);
  return pending ? <PromptModal key={pending.id} pending={pending} /> : null;
}

function PromptModal({ pending }: { pending: PendingPrompt }) {
  const { t } = useTranslation('wallets');
  const { prompt } = pending;
  return (
    <Modal
      open
      title={prompt.kind === 'pair' ? t('walletconnect.pairTitle') : t('walletconnect.requestTitle')}
      width={prompt.kind === 'pair' ? 480 : 520}
      onCancel={() => pending.cancel()}
      footer={
        <Button onClick={() => pending.cancel()} data-testid="wc-signer-cancel">
          {prompt.kind === 'pair' ? t('walletconnect.cancel') : t('walletconnect.stopWaiting')}
        </Button>
      }
    >
      {prompt.kind === 'pair' ? <Pairing uri={prompt.uri} /> : <Request prompt={prompt} />}
      <Space style={{ marginTop: 16 }} data-testid="wc-signer-waiting">
        <Spin size="small" />
        <Typography.Text type="secondary">{t('walletconnect.waiting')}</Typography.Text>
      </Space>
    </Modal>
  );
}

/** The pairing link as a QR code for the phone's camera, and as text for a wallet on this device. */
function Pairing({ uri }: { uri: string }) {
  const { t } = useTranslation('wallets');
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    // Medium error correction: read reliably off a laptop screen with glare.
    if (canvas.current)
      void QRCode.toCanvas(canvas.current, uri, { errorCorrectionLevel: 'M', margin: 2, width: 264 });
  }, [uri]);
  return (
    <div data-testid="wc-signer-pairing">
      <Typography.Paragraph type="secondary">{t('walletconnect.pairHint')}</Typography.Paragraph>
      <div style={{ textAlign: 'center' }}>
        <canvas
          ref={canvas}
          data-testid="wc-signer-qr"
          role="img"
          aria-label={t('walletconnect.qrLabel')}
          style={{ maxWidth: '100%', background: '#fff' }}
        />
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 4, fontSize: 12 }}>
        {t('walletconnect.copyHint')}
      </Typography.Paragraph>
      <Typography.Paragraph
        copyable={{ text: uri }}
        style={{ ...MONO, wordBreak: 'break-all', background: '#f6f8fc', padding: 8, borderRadius: 6 }}
      >
        <span data-testid="wc-signer-uri">{uri}</span>
      </Typography.Paragraph>
      {/* A wallet app on this device (a phone's browser) opens wc: links itself. */}
      <Button type="link" href={uri} icon={<MobileOutlined />} style={{ paddingInline: 0 }}>
        {t('walletconnect.openOnDevice')}
      </Button>
    </div>
  );
}

function Request({ prompt }: { prompt: WalletConnectPrompt & { kind: 'request' } }) {
  const { t } = useTranslation('wallets');
  return (
    <div data-testid="wc-signer-request">
      <Typography.Paragraph>
        {t('walletconnect.requestHint', {
          wallet: prompt.wallet || t('walletconnect.yourWallet'),
          action: t(`walletconnect.action.${prompt.action}`),
        })}
      </Typography.Paragraph>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('walletconnect.account')}>
          <span style={{ ...MONO, wordBreak: 'break-all' }}>{prompt.account}</span>
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}
