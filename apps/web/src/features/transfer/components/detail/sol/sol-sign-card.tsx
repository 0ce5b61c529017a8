import { useState } from 'react';
import { Alert, Button, Card, Descriptions, List, Typography } from 'antd';
import { AddressText, MONO, personName, type WalletDetail } from '@/features/wallet';
import { toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { showWalletError, solanaWallet } from '@/lib/wallet-connectors';
import {
  createCheckedSolApproval,
  sendSolApproval,
  useSolSignEstimate,
  type BuiltApproval,
  type SolTaskInfo,
} from '../../../api/sol-sign';
import { useTaskAction } from '../../../api/task-actions';
import { TASK_STATUS } from '../../../task-rules';
import { SigningStateTag } from '../signing-state-tag';
import { SolLedgerSign } from './sol-ledger-sign';
import { SolQrSign } from './sol-qr-sign';

/**
 * Solana signing: each signer approves the Squads vault transaction with their own key. The
 * approval is a transaction the server builds when the signer clicks (its blockhash lives about
 * a minute), paid by the space's fee payer; the signer's browser wallet (`window.solana`) or
 * Ledger signs it and the server sends it. What is approved — recipient, amount, the vault
 * transaction's index and who pays — is shown first.
 */
export function SolSignCard(props: {
  task: SolTaskInfo;
  wallet: WalletDetail | undefined;
  userId: number | undefined;
}) {
  const { t } = useLazyTranslation('transfer');
  const { task, wallet } = props;
  const [signing, setSigning] = useState(false);
  // The vault transaction's index is set by the first approval (which also proposes it); the
  // last approval built here says which index it carries.
  const [otherAccount, setOtherAccount] = useState<{ account: string; signer: string } | null>(null);
  const [built, setBuilt] = useState<BuiltApproval | null>(null);
  const send = useTaskAction(sendSolApproval);
  const signed = new Set([...task.signatures.map((entry) => entry.signer), ...(task.approved_by ?? [])]);
  const signers = wallet?.signers ?? [];
  const mine = signers.filter((person) => person.user_id === props.userId && !signed.has(person.address));
  const signingNow = task.status === TASK_STATUS.pendingSignature;
  const canSign = signingNow && mine.length > 0;
  const estimate = useSolSignEstimate(task.task_id, canSign);
  const feePayer = estimate.data?.fee_payer ?? task.fee_payer ?? wallet?.squads?.fee_payer ?? null;
  const hasWallet = solanaWallet.available();

  const sign = async () => {
    setSigning(true);
    try {
      // Built now (a fresh blockhash), signed in the wallet at once, then sent by the server.
      setOtherAccount(null);
      // The wallet signs with the account it shows: it must be the signer key the approval names.
      const account = await solanaWallet.connect();
      const approval = await createCheckedSolApproval(task);
      setBuilt(approval.built);
      if (account !== approval.signer) {
        setOtherAccount({ account, signer: approval.signer });
        return;
      }
      const signature = await solanaWallet.signTransaction(approval.transaction);
      const reply = await send.mutateAsync({ task_id: task.task_id, signature }).catch(() => null);
      if (reply) toastSuccess(t('sol.signed'));
    } catch (error) {
      void showWalletError(error);
    } finally {
      setSigning(false);
    }
  };

  return (
    <Card
      size="small"
      title={t('signature.title')}
      extra={
        <Typography.Text type="secondary" data-testid="sol-signed-count">
          {t('signature.progress', {
            signed: task.signatures.length,
            threshold: task.signing_threshold ?? 0,
          })}
        </Typography.Text>
      }
      data-testid="sol-sign-card"
    >
      <List
        size="small"
        dataSource={signers}
        renderItem={(person) => (
          <List.Item style={{ flexWrap: 'wrap', gap: 4 }}>
            <div style={{ minWidth: 0 }}>
              <Typography.Text>{personName(person)}</Typography.Text>
              <div>
                <AddressText address={person.address} />
              </div>
            </div>
            <SigningStateTag signed={signed.has(person.address)} status={task.status} />
          </List.Item>
        )}
      />
      {task.status === TASK_STATUS.pendingApproval && task.you.sign ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="sign-not-yet">
          {t('next.signAfterApproval')}
        </Typography.Paragraph>
      ) : null}
      {signingNow ? (
        <div style={{ marginTop: 12 }} data-testid="sol-signed-what">
          <Typography.Text strong>{canSign ? t('sol.whatYouSign') : t('sol.whatIsSigned')}</Typography.Text>
          <Descriptions size="small" column={1} bordered style={{ marginTop: 8 }}>
            <Descriptions.Item label={t('sol.to')}>
              <Typography.Text style={{ ...MONO, wordBreak: 'break-all' }} data-testid="sol-to">
                {task.to ?? '—'}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('sol.amount')}>
              <span data-testid="sol-amount">
                {task.amount} {task.symbol}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('sol.index')}>
              <span data-testid="sol-transaction-index">
                {task.transaction_index
                  ? `#${task.transaction_index}`
                  : built
                    ? t(built.proposes ? 'sol.indexProposed' : 'sol.indexBuilt', { index: built.index })
                    : t('sol.indexPending')}
              </span>
            </Descriptions.Item>
            {built?.vault ? (
              // Read from the bytes of the approval that proposes it, after the page checked them.
              <Descriptions.Item label={t('sol.vaultTransaction')}>
                <span data-testid="sol-vault-transaction">
                  {t('sol.vaultSends', { amount: built.vault.amount, symbol: task.symbol ?? '' })}{' '}
                  <Typography.Text style={{ ...MONO, wordBreak: 'break-all' }}>
                    {built.vault.to}
                  </Typography.Text>
                  {built.vault.mint ? (
                    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                      {t('sol.vaultToken', { mint: built.vault.mint, account: built.vault.destination })}
                    </Typography.Text>
                  ) : null}
                </span>
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('sol.vault')}>
              <Typography.Text style={{ ...MONO, wordBreak: 'break-all' }}>
                {task.vault ?? task.wallet_address ?? '—'}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('sol.fee')}>
              <span data-testid="sol-fee">
                {estimate.data
                  ? t('sol.feePaidBy', { fee: estimate.data.fee, symbol: estimate.data.symbol })
                  : t('sol.feePaidByShort')}{' '}
                <Typography.Text
                  copyable={feePayer ? { text: feePayer } : false}
                  style={{ ...MONO, wordBreak: 'break-all' }}
                >
                  {feePayer ?? '—'}
                </Typography.Text>
              </span>
            </Descriptions.Item>
            {estimate.data ? (
              <Descriptions.Item label={t('sol.feePayerBalance')}>
                <span data-testid="sol-fee-payer-balance">
                  {estimate.data.fee_payer_balance} {estimate.data.symbol}
                </span>
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          {estimate.isError ? (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
              {t('sol.estimateFailed')}
            </Typography.Text>
          ) : null}
        </div>
      ) : null}
      {canSign ? (
        <div style={{ marginTop: 12 }} data-testid="sol-sign-form">
          <Typography.Paragraph type="secondary">
            {t('sol.signHint', { signer: mine.map((person) => person.address).join(', ') })}
          </Typography.Paragraph>
          {otherAccount ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              data-testid="sol-other-account"
              message={t('sol.otherAccount', otherAccount)}
            />
          ) : null}
          {hasWallet ? (
            <Button
              type="primary"
              loading={signing}
              onClick={() => void sign()}
              data-testid="sol-sign-submit"
            >
              {t('sol.sign')}
            </Button>
          ) : (
            <Alert type="warning" showIcon data-testid="sol-no-wallet" message={t('sol.noWallet')} />
          )}
          <SolLedgerSign task={task} keys={mine.map((person) => person.address)} onBuilt={setBuilt} />
          <SolQrSign task={task} onBuilt={setBuilt} />
        </div>
      ) : null}
    </Card>
  );
}
