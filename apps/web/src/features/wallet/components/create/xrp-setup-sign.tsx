import { useState } from 'react';
import { Card, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { refusalOf, SignedTextPaste } from '@/components/ui/signed-text-paste';
import { isApiError } from '@/lib/api-client';
import { toastSuccess } from '@/lib/notify';
import { showWalletError } from '@/lib/wallet-connectors';
import type { XrpSetup } from '../../api/account-setup';
import { relayDeployment } from '../../api/relay-deployment';
import type { WalletDetail } from '../../api/types';
import { MONO } from '../wallet-bits';
import { SetupSignCard } from './setup-sign-card';
import { SignerWeightsTable } from './signer-weights-table';

/** A signed tx_blob (hex, 0x optional) or xrpl.js's {"tx_blob", "hash"}. */
const looksSigned = (value: string) => /^(0x)?([0-9a-fA-F]{2})+$/.test(value) || value.startsWith('{');

/**
 * Status 13: the setup step the account's master key signs next — the SignerListSet giving the
 * account to the signers (each key, its weight, the quorum), or the AccountSet disabling the
 * master key — as the transaction JSON to sign in the key holder's own wallet; the signed blob is
 * pasted back and the platform relays it. The transaction shown stays as first read (it is valid
 * for about an hour of ledgers), so what was copied is what is checked.
 */
export function XrpSetupSign(props: {
  setup: XrpSetup;
  wallet: WalletDetail | undefined;
  onSent: () => void;
}) {
  const { t } = useTranslation('wallets');
  const { setup, wallet } = props;
  const step = setup.step!;
  const [txJson, setTxJson] = useState(setup.setup_tx!);
  const tx = JSON.parse(txJson) as Record<string, unknown>;
  const [pasted, setPasted] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const total = setup.signers.reduce((sum, signer) => sum + signer.weight, 0);

  const send = async (signed: string) => {
    setBusy(true);
    setRefusal(null);
    try {
      await relayDeployment(setup.wallet_id, signed);
      toastSuccess(t(`xrp.sign.sent.${step}`));
      setPasted('');
      props.onSent();
    } catch (error) {
      // Out of its ledger window or no longer the step: the transaction as read now is shown to sign.
      if (isApiError(error, 'XRP_LEDGER_WINDOW_ERROR') || isApiError(error, 'TASK_DATA_CHANGED_ERROR'))
        setTxJson(setup.setup_tx!);
      // The server's refusal is said next to the paste, a wrong key in this step's own words.
      const refused = refusalOf(error, t('xrp.sign.notMaster', { address: setup.address }));
      if (refused) setRefusal(refused);
      else void showWalletError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space
      direction="vertical"
      size={16}
      style={{ width: '100%' }}
      data-testid="xrp-setup-sign"
      data-step={step}
    >
      <Card size="small" title={t(`xrp.sign.title.${step}`)}>
        <Typography.Paragraph type="secondary">{t(`xrp.sign.description.${step}`)}</Typography.Paragraph>
        {step === 'signer_list' ? (
          <SignerWeightsTable family="XRP" signers={setup.signers} wallet={wallet} testId="xrp-signer-list" />
        ) : null}
        <Descriptions size="small" column={1} style={{ marginTop: 12 }} data-testid="xrp-setup-fields">
          <Descriptions.Item label={t('xrp.sign.type')}>
            <span>
              <span style={MONO}>{String(tx.TransactionType)}</span>
              {step === 'disable_master' ? ` · ${t('xrp.sign.disableFlag')}` : null}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.threshold')}>
            <span data-testid="xrp-setup-quorum">
              {t('xrp.thresholdWeight', { threshold: setup.threshold, total })}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('xrp.sign.sequence')}>{String(tx.Sequence)}</Descriptions.Item>
          <Descriptions.Item label={t('xrp.sign.fee')}>
            {t('xrp.sign.drops', { value: tx.Fee })}
          </Descriptions.Item>
          <Descriptions.Item label={t('xrp.sign.lastLedger')}>
            {String(tx.LastLedgerSequence)}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <SetupSignCard
        title={t('xrp.sign.signTitle')}
        testId="xrp-setup-paste"
        whoSigns={t('xrp.sign.whoSigns')}
        address={setup.address}
        wallet={wallet}
        notSigner={t('xrp.sign.notSigner')}
      >
        <SignedTextPaste
          hint={t('xrp.sign.pasteHint')}
          toSign={{ text: JSON.stringify(tx, null, 2), block: true, testId: 'xrp-setup-tx' }}
          value={pasted}
          onChange={(value) => {
            setPasted(value);
            setRefusal(null);
          }}
          placeholder={t('xrp.sign.pastePlaceholder')}
          problem={(value) => (looksSigned(value) ? null : t('xrp.sign.pasteMalformed'))}
          refusal={refusal}
          submitText={t('xrp.sign.pasteSubmit')}
          busy={busy}
          onSubmit={(value) => void send(value)}
          testIds={{ input: 'xrp-setup-signed', submit: 'xrp-setup-submit' }}
        />
      </SetupSignCard>
    </Space>
  );
}
