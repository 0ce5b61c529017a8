import { useState } from 'react';
import { Button, Divider, Typography } from 'antd';
import { QrcodeOutlined } from '@ant-design/icons';
import { toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { isWalletError, showWalletError } from '@/lib/wallet-connectors';
import { deviceHash } from '@/lib/wallet-connectors/ledger/ledger-solana';
import {
  createCheckedSolApproval,
  sendSolApproval,
  type BuiltApproval,
  type SolTaskInfo,
} from '../../../api/sol-sign';
import { useTaskAction } from '../../../api/task-actions';

/**
 * A signer's approval signed on an air-gapped Keystone by QR code: the approval is built now, its
 * message bytes (what the signer's key signs) go out as a `sol-sign-request`, and the
 * `sol-signature` that comes back is verified with the signer's key over those bytes before it is
 * put into the approval and sent. Beside the QR, read from those bytes: the Squads v4 methods
 * (Keystone's firmware decodes and names them), the fee payer, the signer and the message hash.
 */
export function SolQrSign(props: { task: SolTaskInfo; onBuilt: (built: BuiltApproval) => void }) {
  const { t } = useLazyTranslation('transfer');
  const { task, onBuilt } = props;
  const [busy, setBusy] = useState(false);
  const send = useTaskAction(sendSolApproval);

  const sign = async () => {
    setBusy(true);
    try {
      const { signSolByQr } = await import('@/lib/qr-signing/sol-qr-signer');
      const { approvalMessage, withSignature } = await import('@/lib/qr-signing/sol-ur');
      // Built now: its blockhash lives about a minute, so the device is asked at once.
      const approval = await createCheckedSolApproval(task);
      onBuilt(approval.built);
      const { message, feePayer, squads } = await approvalMessage(approval.transaction);
      const signature = await signSolByQr({
        signer: approval.signer,
        kind: 'transaction',
        data: message,
        titles: {
          accounts: t('sol.qrAccountsTitle'),
          accountsHint: t('sol.qrAccountsHint'),
          sign: t('sol.qrTitle'),
        },
        details: [
          { label: t('sol.qrInstructions'), value: squads.join(', ') || '—' },
          { label: t('sol.index'), value: `#${approval.transaction_index}` },
          ...(approval.built.vault
            ? [
                {
                  label: t('sol.vaultTransaction'),
                  value: `${t('sol.vaultSends', {
                    amount: approval.built.vault.amount,
                    symbol: task.symbol ?? '',
                  })} ${approval.built.vault.to}`,
                },
              ]
            : []),
          { label: t('sol.ledgerFeePayer'), value: feePayer ?? '—' },
          { label: t('sol.ledgerSigner'), value: approval.signer },
          { label: t('sol.qrMessageHash'), value: deviceHash(message) },
        ],
      });
      const signed = await withSignature(approval.transaction, approval.signer, signature);
      const reply = await send.mutateAsync({ task_id: task.task_id, signature: signed }).catch(() => null);
      if (reply) toastSuccess(t('sol.signed'));
    } catch (error) {
      if (!isWalletError(error, 'wallet_user_reject')) void showWalletError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="sol-qr-sign">
      <Divider plain orientation="left" style={{ fontSize: 13 }}>
        {t('sol.qrSectionTitle')}
      </Divider>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('sol.qrHint')}
      </Typography.Paragraph>
      <Button
        icon={<QrcodeOutlined />}
        loading={busy}
        onClick={() => void sign()}
        data-testid="sol-qr-submit"
      >
        {t('sol.qrSign')}
      </Button>
    </div>
  );
}
