import { useCallback, useState } from 'react';
import { Alert, Button, Card, Collapse, Descriptions, Input, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '@/lib/notify';
import { showWalletError, tronLink } from '@/lib/wallet-connectors';
import { relayDeployment } from '../../api/relay-deployment';
import type { TronSetup } from '../../api/tron-setup';
import type { WalletDetail } from '../../api/types';
import { personName } from '../../wallet-people';
import { MONO } from '../wallet-bits';
import { TronLinkConnect } from '../tron-link-connect';

/**
 * Status 13: the update that hands the account to the signers — what it sets (each key's weight
 * and the threshold, for both owner and active permissions) and its transaction id. The account's
 * current key signs it in TronLink (or elsewhere, pasted as JSON); the platform relays it.
 */
export function TronPermissionUpdate(props: {
  setup: TronSetup;
  wallet: WalletDetail | undefined;
  onSent: () => void;
}) {
  const { t } = useTranslation('wallets');
  const { setup, wallet } = props;
  const update = setup.update!;
  const [account, setAccount] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [busy, setBusy] = useState(false);
  const onAccount = useCallback((value: string | null) => setAccount(value), []);
  const total = setup.signers.reduce((sum, signer) => sum + signer.weight, 0);
  const person = (address: string) => wallet?.signers.find((signer) => signer.address === address);

  const send = async (sign: () => Promise<string>) => {
    setBusy(true);
    try {
      await relayDeployment(setup.wallet_id, await sign());
      toastSuccess(t('tron.update.sent'));
      setPasted('');
      props.onSent();
    } catch (error) {
      void showWalletError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="tron-permission-update">
      <Card size="small" title={t('tron.update.title')}>
        <Typography.Paragraph type="secondary">{t('tron.update.description')}</Typography.Paragraph>
        <Table
          size="small"
          rowKey="address"
          pagination={false}
          dataSource={setup.signers}
          data-testid="tron-update-keys"
          columns={[
            {
              title: t('tron.update.key'),
              dataIndex: 'address',
              render: (address: string) => (
                <Typography.Text style={{ ...MONO, wordBreak: 'break-all' }}>{address}</Typography.Text>
              ),
            },
            {
              title: t('tron.update.holder'),
              width: '30%',
              render: (_: unknown, row) => {
                const holder = person(row.address);
                return <span style={{ wordBreak: 'break-word' }}>{holder ? personName(holder) : '—'}</span>;
              },
            },
            { title: t('tron.create.weight'), dataIndex: 'weight', width: 72, align: 'right' },
          ]}
        />
        <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
          <Descriptions.Item label={t('fields.threshold')}>
            <span data-testid="tron-update-threshold">
              {t('tron.thresholdWeight', { threshold: setup.threshold, total })}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('tron.update.txId')}>
            <Typography.Text
              copyable
              style={{ ...MONO, wordBreak: 'break-all' }}
              data-testid="tron-update-txid"
            >
              {update.tx_id}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t('tron.update.signTitle')} data-testid="tron-update-sign">
        <Typography.Paragraph>
          {t('tron.update.whoSigns')}{' '}
          <Typography.Text strong style={{ ...MONO, wordBreak: 'break-all' }}>
            {setup.address}
          </Typography.Text>
        </Typography.Paragraph>
        {wallet && !wallet.is_signer ? (
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('tron.update.notSigner')} />
        ) : null}
        <TronLinkConnect expected={[setup.address]} onChange={onAccount} />
        <Button
          type="primary"
          style={{ marginTop: 12 }}
          disabled={!account}
          loading={busy}
          onClick={() => void send(() => tronLink.signTransaction(update.transaction))}
          data-testid="tron-update-submit"
        >
          {t('tron.update.sign')}
        </Button>
        <Collapse
          ghost
          size="small"
          style={{ marginTop: 12 }}
          items={[
            {
              key: 'paste',
              label: t('tron.update.pasteTitle'),
              children: (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Typography.Text type="secondary">{t('tron.update.pasteHint')}</Typography.Text>
                  <Typography.Paragraph
                    copyable={{ text: update.transaction }}
                    ellipsis={{ rows: 2, expandable: true }}
                    style={{ ...MONO, wordBreak: 'break-all' }}
                  >
                    {update.transaction}
                  </Typography.Paragraph>
                  <Input.TextArea
                    rows={3}
                    value={pasted}
                    onChange={(event) => setPasted(event.target.value)}
                    placeholder='{"txID": "…", "raw_data": …, "signature": ["…"]}'
                    style={MONO}
                    data-testid="tron-update-paste"
                  />
                  <Button
                    disabled={!pasted.trim()}
                    loading={busy}
                    onClick={() => void send(async () => pasted.trim())}
                    data-testid="tron-update-paste-submit"
                  >
                    {t('tron.update.pasteSubmit')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
