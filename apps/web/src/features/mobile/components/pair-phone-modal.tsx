import { Suspense, useEffect, useState } from 'react';
import { Alert, Button, Modal, Result, Skeleton, Space, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { PHONE_PAIRING } from '@keystead/contract/limits';
import type { MobilePairing } from '@keystead/contract/api/mobile';
import { QueryError } from '@/components/ui/query-error';
import { TextQr } from '@/components/ui/text-qr';
import { useLazyTranslation } from '@/lib/use-namespace';
import { createPairing, fetchPairingStatus } from '../api/mobile-api';

/**
 * Desktop: "Pair a phone". Asks for a one-time code and shows it as a QR code (the phone's
 * /mobile page with the code) and as text, with the time left; an expired code offers a new one.
 */
export function PairPhoneModal(props: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      footer={null}
      destroyOnHidden
      width={440}
      data-testid="phone-pairing"
    >
      {props.open ? (
        <Suspense fallback={<Skeleton active />}>
          <PairingBody onClose={props.onClose} />
        </Suspense>
      ) : null}
    </Modal>
  );
}

function PairingBody({ onClose }: { onClose: () => void }) {
  const { t } = useLazyTranslation('mobile');
  const [issued, setIssued] = useState<{ pairing: MobilePairing; deadline: number } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const create = useMutation({
    mutationFn: createPairing,
    meta: { silent: true },
    onSuccess: (pairing) => {
      // The code's two minutes counted from its arrival here (the server's clock may differ).
      const lifetime = Math.min(
        PHONE_PAIRING.codeSeconds * 1000,
        Date.parse(pairing.expires_at) - Date.now(),
      );
      const deadline = Date.now() + (lifetime > 0 ? lifetime : PHONE_PAIRING.codeSeconds * 1000);
      setIssued({ pairing, deadline });
      setNow(Date.now());
    },
  });
  const { mutate } = create;
  useEffect(() => mutate(), [mutate]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const left = issued ? Math.max(0, Math.ceil((issued.deadline - now) / 1000)) : 0;
  const expired = !!issued && left === 0;
  // Asked every two seconds while the code can still be used: the modal says when the phone paired.
  const status = useQuery({
    queryKey: ['mobile', 'pairing', issued?.pairing.code],
    queryFn: fetchPairingStatus,
    enabled: !!issued && !expired,
    refetchInterval: (query) => (query.state.data?.paired ? false : 2000),
    meta: { silent: true },
  });
  const paired = status.data?.paired === true;

  return (
    <div>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('desktop.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('desktop.intro')}</Typography.Paragraph>
      {paired ? (
        <div data-testid="phone-pairing-done">
          <Result
            status="success"
            title={t('desktop.paired')}
            subTitle={t('desktop.pairedDevice', { device: status.data?.device ?? '' })}
          />
        </div>
      ) : create.isError ? (
        <QueryError
          title={t('desktop.failed')}
          error={create.error}
          onRetry={() => create.mutate()}
          retrying={create.isPending}
        />
      ) : !issued ? (
        <Skeleton.Image active style={{ width: 232, height: 232 }} />
      ) : (
        <Space direction="vertical" align="center" style={{ width: '100%' }}>
          <div style={{ position: 'relative' }}>
            <TextQr
              text={issued.pairing.pair_url}
              label={t('desktop.qr')}
              style={{ opacity: expired ? 0.15 : 1 }}
              testId="phone-pairing-qr"
            />
          </div>
          <Typography.Text
            style={{
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
              fontSize: 26,
              letterSpacing: 3,
            }}
            data-testid="phone-pairing-code"
          >
            {issued.pairing.code}
          </Typography.Text>
          {expired ? (
            <Alert
              type="warning"
              showIcon
              message={t('desktop.expired')}
              data-testid="phone-pairing-expired"
            />
          ) : (
            <Typography.Text type="secondary" data-testid="phone-pairing-countdown">
              {t('desktop.expiresIn', {
                time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`,
              })}
            </Typography.Text>
          )}
          <Typography.Paragraph
            type="secondary"
            style={{ fontSize: 12, textAlign: 'center', marginBottom: 0 }}
          >
            {t('desktop.hint')}
          </Typography.Paragraph>
        </Space>
      )}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 16 }}>
        {paired ? null : (
          <Button
            icon={<ReloadOutlined />}
            type={expired ? 'primary' : 'default'}
            loading={create.isPending && !!issued}
            onClick={() => create.mutate()}
            data-testid="phone-pairing-new"
          >
            {t('desktop.newCode')}
          </Button>
        )}
        <Button type={paired ? 'primary' : 'default'} onClick={onClose} data-testid="phone-pairing-close">
          {t('desktop.done')}
        </Button>
      </div>
    </div>
  );
}
