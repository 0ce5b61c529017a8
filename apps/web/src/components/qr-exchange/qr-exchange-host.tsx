import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { Alert, Button, Descriptions, Modal, Progress, Space, Typography, Upload } from 'antd';
import { CameraOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { qrExchangeStore, type PendingExchange } from '@/lib/qr-signing/qr-exchange';
import { readQrFromFile } from '@/lib/qr-signing/qr-image';
import { WalletError } from '@/lib/wallet-connectors';
import { AnimatedQr } from './animated-qr';
import { CameraScanner, type CameraProblem } from './camera-scanner';

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 } as const;

/** The app's one QR dialog: shows the request, reads the device's reply (camera or pictures). */
export function QrExchangeHost() {
  const pending = useSyncExternalStore(qrExchangeStore.subscribe, qrExchangeStore.get);
  return pending ? <QrExchangeModal key={pending.id} pending={pending} /> : null;
}

function QrExchangeModal({ pending }: { pending: PendingExchange }) {
  const { t } = useTranslation('wallets');
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [camera, setCamera] = useState(false);
  // The codec loads with the dialog; a text scanned before it is there waits for it, never dropped.
  const codec = useMemo(() => import('@/lib/qr-signing/ur-codec'), []);
  const collector = useMemo(
    () => codec.then(({ UrCollector }) => new UrCollector(pending.expect)),
    [codec, pending],
  );

  const receive = useCallback(
    (text: string) => {
      void Promise.all([codec, collector]).then(
        ([{ UrReadError }, reader]) => {
          try {
            const done = reader.receive(text);
            setProgress(reader.progress);
            setProblem(null);
            if (done) pending.resolve(reader.result());
          } catch (error) {
            if (!(error instanceof UrReadError)) throw error;
            setProblem(
              error.problem === 'wrong_type'
                ? t('qr.wrongType', { type: error.message })
                : t('qr.invalid', { detail: error.message }),
            );
          }
        },
        () => setProblem(t('qr.loadFailed')),
      );
    },
    [codec, collector, pending, t],
  );

  const onCameraProblem = useCallback(
    (kind: CameraProblem) => {
      setCamera(false);
      setProblem(kind === 'permission' ? t('qr.cameraPermission') : t('qr.noCamera'));
    },
    [t],
  );

  const readPicture = async (file: File) => {
    const text = await readQrFromFile(file).catch(() => null);
    if (text) receive(text);
    else setProblem(t('qr.noCode', { name: file.name }));
  };

  const showing = pending.frames.length > 0;
  return (
    <Modal
      open
      title={pending.title}
      footer={null}
      width={showing ? 760 : 520}
      onCancel={() => pending.reject(new WalletError('wallet_user_reject', 'QR exchange closed'))}
    >
      <div data-testid="qr-exchange">
        <Typography.Paragraph type="secondary">
          {pending.hint ?? (showing ? t('qr.signHint') : t('qr.connectHint'))}
        </Typography.Paragraph>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
          {showing ? (
            <div style={{ flex: '1 1 300px', minWidth: 0 }}>
              <AnimatedQr frames={pending.frames} />
            </div>
          ) : null}
          <div style={{ flex: '1 1 300px', minWidth: 0 }}>
            {pending.details?.length ? (
              <>
                <Descriptions column={1} size="small" bordered data-testid="qr-details">
                  {pending.details.map((line) => (
                    <Descriptions.Item key={line.label} label={line.label}>
                      <span style={{ ...MONO, wordBreak: 'break-all' }}>{line.value}</span>
                    </Descriptions.Item>
                  ))}
                </Descriptions>
                <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 6 }}>
                  {t('qr.compare')}
                </Typography.Paragraph>
              </>
            ) : null}
            <Space wrap style={{ marginTop: 8 }}>
              <Button
                icon={<CameraOutlined />}
                onClick={() => setCamera((on) => !on)}
                data-testid="qr-camera-toggle"
              >
                {camera ? t('qr.stopCamera') : t('qr.camera')}
              </Button>
              <Upload
                accept="image/*"
                multiple
                showUploadList={false}
                beforeUpload={(file) => {
                  void readPicture(file);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} data-testid="qr-upload">
                  {t('qr.upload')}
                </Button>
              </Upload>
            </Space>
            {camera ? (
              <div style={{ marginTop: 8 }}>
                <CameraScanner onText={receive} onProblem={onCameraProblem} />
              </div>
            ) : null}
            {progress > 0 ? (
              <Progress
                percent={Math.round(progress * 100)}
                size="small"
                style={{ marginTop: 8 }}
                data-testid="qr-progress"
              />
            ) : null}
            {problem ? (
              <Alert
                type="error"
                showIcon
                message={problem}
                style={{ marginTop: 8 }}
                data-testid="qr-problem"
              />
            ) : null}
          </div>
        </div>
      </div>
    </Modal>
  );
}
