import { useCallback, useState } from 'react';
import { Button, Card, Collapse, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SignedTextPaste } from '@/components/ui/signed-text-paste';
import { toastSuccess } from '@/lib/notify';
import { showWalletError, tronLink } from '@/lib/wallet-connectors';
import { relayDeployment } from '../../api/relay-deployment';
import type { TronSetup } from '../../api/account-setup';
import type { WalletDetail } from '../../api/types';
import { MONO } from '../wallet-bits';
import { TronLinkConnect } from '../tron-link-connect';
import { SetupSignCard } from './setup-sign-card';
import { SignerWeightsTable } from './signer-weights-table';

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
        <SignerWeightsTable family="TRX" signers={setup.signers} wallet={wallet} testId="tron-update-keys" />
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
      <SetupSignCard
        title={t('tron.update.signTitle')}
        testId="tron-update-sign"
        whoSigns={t('tron.update.whoSigns')}
        address={setup.address}
        wallet={wallet}
        notSigner={t('tron.update.notSigner')}
      >
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
                <SignedTextPaste
                  hint={t('tron.update.pasteHint')}
                  toSign={{ text: update.transaction }}
                  value={pasted}
                  onChange={setPasted}
                  placeholder='{"txID": "…", "raw_data": …, "signature": ["…"]}'
                  submitText={t('tron.update.pasteSubmit')}
                  busy={busy}
                  onSubmit={(value) => void send(async () => value)}
                  testIds={{ input: 'tron-update-paste', submit: 'tron-update-paste-submit' }}
                />
              ),
            },
          ]}
        />
      </SetupSignCard>
    </Space>
  );
}
