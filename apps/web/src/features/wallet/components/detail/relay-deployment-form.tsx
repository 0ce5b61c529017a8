import { useState } from 'react';
import { Button, Collapse, Input, Space, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error';
import { toastSuccess } from '@/lib/notify';
import { fetchDeployment } from '../../api/get-deployment';
import { relayDeployment } from '../../api/relay-deployment';
import { MONO } from '../wallet-bits';

const RAW_TX = /^0x[0-9a-fA-F]+$/;

/**
 * For a signer who signs away from this page (an offline or hardware wallet): the exact setup
 * transaction to sign (POST /task/wallet-init) and a field for the signed transaction, which the
 * server relays only if it is exactly that call (POST /broadcast-wallet-deploy).
 */
export function RelayDeploymentForm({ walletId, onSent }: { walletId: number; onSent: () => void }) {
  const { t } = useTranslation('wallets');
  const [raw, setRaw] = useState('');
  const tx = useMutation({ mutationFn: () => fetchDeployment(walletId), meta: { silent: true } });
  const relay = useMutation({
    mutationFn: () => relayDeployment(walletId, raw.trim()),
    onSuccess: () => {
      toastSuccess(t('setup.relay.sent'));
      setRaw('');
      onSent();
    },
  });
  const malformed = raw.trim() !== '' && !RAW_TX.test(raw.trim());
  return (
    <Collapse
      size="small"
      data-testid="relay-deployment"
      items={[
        {
          key: 'relay',
          label: t('setup.relay.title'),
          children: (
            <Space direction="vertical" size={12} style={{ width: '100%' }}>
              <Typography.Text type="secondary">{t('setup.relay.hint')}</Typography.Text>
              {tx.data ? (
                <div data-testid="relay-tx">
                  <Typography.Text type="secondary">{t('setup.relay.to')}</Typography.Text>
                  <Typography.Paragraph copyable style={{ ...MONO, wordBreak: 'break-all' }}>
                    {tx.data.to}
                  </Typography.Paragraph>
                  <Typography.Text type="secondary">{t('setup.relay.data')}</Typography.Text>
                  <Typography.Paragraph
                    copyable
                    ellipsis={{ rows: 2, expandable: true }}
                    style={{ ...MONO, wordBreak: 'break-all' }}
                  >
                    {tx.data.data}
                  </Typography.Paragraph>
                </div>
              ) : tx.isError ? (
                <QueryError
                  title={t('setup.relay.txError')}
                  error={tx.error}
                  onRetry={() => tx.mutate()}
                  retrying={tx.isPending}
                  testId="relay-tx-error"
                />
              ) : (
                <Button onClick={() => tx.mutate()} loading={tx.isPending} data-testid="relay-show-tx">
                  {t('setup.relay.show')}
                </Button>
              )}
              <div>
                <label htmlFor="relay-raw">{t('setup.relay.raw')}</label>
                <Input.TextArea
                  id="relay-raw"
                  rows={3}
                  value={raw}
                  onChange={(event) => setRaw(event.target.value)}
                  placeholder="0x02f8…"
                  status={malformed ? 'error' : undefined}
                  style={MONO}
                  data-testid="relay-raw"
                />
                {malformed ? (
                  <Typography.Text type="danger" role="alert">
                    {t('setup.relay.malformed')}
                  </Typography.Text>
                ) : null}
              </div>
              <Button
                type="primary"
                disabled={!raw.trim() || malformed}
                loading={relay.isPending}
                onClick={() => relay.mutate()}
                data-testid="relay-submit"
              >
                {t('setup.relay.submit')}
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}
